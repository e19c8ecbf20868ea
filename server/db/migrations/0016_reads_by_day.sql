CREATE INDEX "task_completions_project_day_idx" ON "task_completions" USING btree ("project_id","work_date") WHERE reopened_at is null;--> statement-breakpoint
CREATE INDEX "task_completions_project_period_idx" ON "task_completions" USING btree ("project_id","period") WHERE reopened_at is null;--> statement-breakpoint
CREATE INDEX "task_completions_sent_back_idx" ON "task_completions" USING btree ("project_id","work_date") WHERE reopened_as = 'rejected';--> statement-breakpoint
CREATE INDEX "work_sessions_project_day_idx" ON "work_sessions" USING btree ("project_id","work_date");