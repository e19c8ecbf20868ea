CREATE TABLE "worker_day_marks" (
	"project_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"gen" bigint DEFAULT 0 NOT NULL,
	"summed_gen" bigint,
	"formula" text,
	CONSTRAINT "worker_day_marks_project_id_work_date_pk" PRIMARY KEY("project_id","work_date")
);
--> statement-breakpoint
CREATE TABLE "worker_days" (
	"project_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"k" text NOT NULL,
	"name" text NOT NULL,
	"last_at" timestamp (6) with time zone NOT NULL,
	"completed" integer NOT NULL,
	"estimated" integer NOT NULL,
	"quality" double precision NOT NULL,
	"minutes" double precision NOT NULL,
	"units" text NOT NULL,
	CONSTRAINT "worker_days_project_id_work_date_k_pk" PRIMARY KEY("project_id","work_date","k")
);
--> statement-breakpoint
ALTER TABLE "worker_day_marks" ADD CONSTRAINT "worker_day_marks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_days" ADD CONSTRAINT "worker_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The generation of a project's day goes up with every write that could change its employee
-- performance sums (docs/decisions/043-worker-days.md). Days after yesterday (UTC) are never stored,
-- so today's writes, the busy ones, touch no mark. A project being deleted gets none. Marks are
-- locked in (project, day) order, as a read storing its days locks them: no two can deadlock.
CREATE FUNCTION worker_days_bump(p_project uuid[], p_day date[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO worker_day_marks AS m (project_id, work_date, gen)
  SELECT DISTINCT x.project_id, x.work_date, 1
  FROM unnest(p_project, p_day) AS x(project_id, work_date)
  WHERE x.work_date <= (now() AT TIME ZONE 'UTC')::date - 1
    AND EXISTS (SELECT 1 FROM projects p WHERE p.id = x.project_id)
  ORDER BY x.project_id, x.work_date
  ON CONFLICT (project_id, work_date) DO UPDATE SET gen = m.gen + 1
$$;
--> statement-breakpoint
-- Completions added or removed: their own days, and for a once-stage the days of the unit's
-- once-stages done at or after it, whose "in order" it can change.
CREATE FUNCTION worker_days_completions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  SELECT array_agg(y.project_id), array_agg(y.work_date) INTO projects_, days_ FROM (
    SELECT r.project_id, r.work_date FROM changed r
    UNION
    SELECT c.project_id, c.work_date FROM changed r
    JOIN task_completions c ON c.project_id = r.project_id AND c.unit_id = r.unit_id AND c.completed_at >= r.completed_at
    WHERE r.period = 'once' AND c.period = 'once' AND c.reopened_at IS NULL
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_completions_insert_worker_days AFTER INSERT ON task_completions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION worker_days_completions();
--> statement-breakpoint
CREATE TRIGGER task_completions_delete_worker_days AFTER DELETE ON task_completions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION worker_days_completions();
--> statement-breakpoint
-- Completions changed in what the sums read (a review's status is not): old and new days, as above.
CREATE FUNCTION worker_days_completions_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  WITH r AS (
    SELECT v.* FROM old_rows o JOIN new_rows n USING (id)
    CROSS JOIN LATERAL (VALUES (o.project_id, o.unit_id, o.work_date, o.period, o.completed_at),
      (n.project_id, n.unit_id, n.work_date, n.period, n.completed_at)) AS v(project_id, unit_id, work_date, period, completed_at)
    WHERE (o.task_id, o.unit_id, o.work_date, o.period, o.worker_name, o.photo_url, o.completed_at, o.reopened_at)
      IS DISTINCT FROM (n.task_id, n.unit_id, n.work_date, n.period, n.worker_name, n.photo_url, n.completed_at, n.reopened_at)
  )
  SELECT array_agg(y.project_id), array_agg(y.work_date) INTO projects_, days_ FROM (
    SELECT r.project_id, r.work_date FROM r
    UNION
    SELECT c.project_id, c.work_date FROM r
    JOIN task_completions c ON c.project_id = r.project_id AND c.unit_id = r.unit_id AND c.completed_at >= r.completed_at
    WHERE r.period = 'once' AND c.period = 'once' AND c.reopened_at IS NULL
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_completions_update_worker_days AFTER UPDATE ON task_completions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_days_completions_update();
--> statement-breakpoint
-- Sign-ins: the days they are on (a stage's time is counted from the sign-in before it).
CREATE FUNCTION worker_days_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  SELECT array_agg(r.project_id), array_agg(r.work_date) INTO projects_, days_ FROM changed r;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_sessions_insert_worker_days AFTER INSERT ON work_sessions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION worker_days_sessions();
--> statement-breakpoint
CREATE TRIGGER work_sessions_delete_worker_days AFTER DELETE ON work_sessions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION worker_days_sessions();
--> statement-breakpoint
CREATE FUNCTION worker_days_sessions_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  SELECT array_agg(v.project_id), array_agg(v.work_date) INTO projects_, days_
  FROM old_rows o JOIN new_rows n USING (id)
  CROSS JOIN LATERAL (VALUES (o.project_id, o.work_date), (n.project_id, n.work_date)) AS v(project_id, work_date)
  WHERE (o.unit_id, o.worker_name, o.work_date, o.created_at) IS DISTINCT FROM (n.unit_id, n.worker_name, n.work_date, n.created_at);
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_sessions_update_worker_days AFTER UPDATE ON work_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_days_sessions_update();
--> statement-breakpoint
-- Tasks: a once-stage added or removed changes "in order" for the once-stages after it in its unit;
-- a changed estimate, the days of the task's completions; a changed order or kind, the days of the
-- unit's once-stages. A task's own completions go with it (their trigger above).
CREATE FUNCTION worker_days_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  SELECT array_agg(y.project_id), array_agg(y.work_date) INTO projects_, days_ FROM (
    SELECT DISTINCT c.project_id, c.work_date FROM changed r
    JOIN tasks t ON t.project_id = r.project_id AND t.unit_id = r.unit_id AND t.recurrence = 'once' AND t.sort_order > r.sort_order
    JOIN task_completions c ON c.task_id = t.id AND c.period = 'once' AND c.reopened_at IS NULL
    WHERE r.recurrence = 'once'
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_insert_worker_days AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION worker_days_tasks();
--> statement-breakpoint
CREATE TRIGGER tasks_delete_worker_days AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION worker_days_tasks();
--> statement-breakpoint
CREATE FUNCTION worker_days_tasks_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  WITH r AS (
    SELECT n.id, n.project_id, n.unit_id, o.unit_id AS old_unit_id,
      o.estimated_minutes IS DISTINCT FROM n.estimated_minutes AS estimate,
      (o.sort_order, o.recurrence, o.unit_id) IS DISTINCT FROM (n.sort_order, n.recurrence, n.unit_id) AS place
    FROM old_rows o JOIN new_rows n USING (id)
  )
  SELECT array_agg(y.project_id), array_agg(y.work_date) INTO projects_, days_ FROM (
    SELECT c.project_id, c.work_date FROM r
    JOIN task_completions c ON c.task_id = r.id AND c.reopened_at IS NULL
    WHERE r.estimate OR r.place
    UNION
    SELECT c.project_id, c.work_date FROM r
    JOIN tasks t ON t.project_id = r.project_id AND t.unit_id IN (r.unit_id, r.old_unit_id) AND t.recurrence = 'once'
    JOIN task_completions c ON c.task_id = t.id AND c.period = 'once' AND c.reopened_at IS NULL
    WHERE r.place
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_update_worker_days AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_days_tasks_update();
