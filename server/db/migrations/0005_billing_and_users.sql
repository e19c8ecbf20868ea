CREATE TABLE "invoice_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"amount_agorot" integer NOT NULL,
	"ok" boolean NOT NULL,
	"reference" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inactive_reason" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inactive_note" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inactive_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issue_date" date NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "description" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_contact" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_city" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_attempt_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charge_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charging_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_period_key" UNIQUE("project_id","period_start");--> statement-breakpoint
INSERT INTO "invoice_counters" ("name", "value") VALUES ('invoice', 0) ON CONFLICT DO NOTHING;
