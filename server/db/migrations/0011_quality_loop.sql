CREATE TABLE "task_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"completion_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"reviewer_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "task_completions_task_period_uq";--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "review_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "reopened_as" text;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "reopened_by_device" text;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "reopened_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "task_reviews" ADD CONSTRAINT "task_reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reviews" ADD CONSTRAINT "task_reviews_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reviews" ADD CONSTRAINT "task_reviews_completion_id_task_completions_id_fk" FOREIGN KEY ("completion_id") REFERENCES "public"."task_completions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reviews" ADD CONSTRAINT "task_reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_reviews_completion_idx" ON "task_reviews" USING btree ("project_id","completion_id","created_at");--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_reopened_by_user_id_users_id_fk" FOREIGN KEY ("reopened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_completions_review_idx" ON "task_completions" USING btree ("project_id","review_status","completed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE reopened_as is distinct from 'undone';--> statement-breakpoint
CREATE UNIQUE INDEX "task_completions_task_period_uq" ON "task_completions" USING btree ("task_id","period") WHERE reopened_at is null;