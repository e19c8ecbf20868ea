-- The worker_days triggers of 0019 read the once-stages around what changed, per unit, from the
-- changed rows outwards (docs/decisions/046-trigger-plans.md). Joined as before, a table the
-- planner had no statistics for yet (a new database, a bulk fill that outruns autovacuum) was read
-- whole for every changed row: 8 s for 2,700 completions beside 24,000. Each unit is now looked up
-- once, on the index that holds it (LATERAL … OFFSET 0 keeps the planner from turning the join
-- round), from the earliest changed row of that unit: what a later one would add, the earlier finds.
-- The days bumped are the same.
CREATE OR REPLACE FUNCTION worker_days_completions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  SELECT array_agg(y.project_id), array_agg(y.work_date) INTO projects_, days_ FROM (
    SELECT r.project_id, r.work_date FROM changed r
    UNION
    SELECT c.project_id, c.work_date
    FROM (SELECT r.project_id, r.unit_id, min(r.completed_at) AS since FROM changed r WHERE r.period = 'once' GROUP BY 1, 2) u
    CROSS JOIN LATERAL (
      SELECT c.project_id, c.work_date FROM task_completions c
      WHERE c.project_id = u.project_id AND c.unit_id = u.unit_id AND (c.period = 'once' AND c.reopened_at IS NULL) IS TRUE
        AND c.completed_at >= u.since
      OFFSET 0
    ) c
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION worker_days_completions_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT c.project_id, c.work_date
    FROM (SELECT r.project_id, r.unit_id, min(r.completed_at) AS since FROM r WHERE r.period = 'once' GROUP BY 1, 2) u
    CROSS JOIN LATERAL (
      SELECT c.project_id, c.work_date FROM task_completions c
      WHERE c.project_id = u.project_id AND c.unit_id = u.unit_id AND (c.period = 'once' AND c.reopened_at IS NULL) IS TRUE
        AND c.completed_at >= u.since
      OFFSET 0
    ) c
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION worker_days_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  projects_ uuid[];
  days_ date[];
BEGIN
  SELECT array_agg(y.project_id), array_agg(y.work_date) INTO projects_, days_ FROM (
    SELECT DISTINCT c.project_id, c.work_date
    FROM (SELECT r.project_id, r.unit_id, min(r.sort_order) AS after FROM changed r WHERE r.recurrence = 'once' GROUP BY 1, 2) u
    CROSS JOIN LATERAL (
      SELECT c.project_id, c.work_date FROM tasks t
      JOIN task_completions c ON c.task_id = t.id AND c.period = 'once' AND c.reopened_at IS NULL
      WHERE t.project_id = u.project_id AND t.unit_id = u.unit_id AND t.recurrence = 'once' AND t.sort_order > u.after
      OFFSET 0
    ) c
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION worker_days_tasks_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT c.project_id, c.work_date
    FROM r
    CROSS JOIN LATERAL (
      SELECT c.project_id, c.work_date FROM task_completions c WHERE c.task_id = r.id AND c.reopened_at IS NULL OFFSET 0
    ) c
    WHERE r.estimate OR r.place
    UNION
    SELECT c.project_id, c.work_date
    FROM (SELECT DISTINCT r.project_id, v.unit_id FROM r CROSS JOIN LATERAL (VALUES (r.unit_id), (r.old_unit_id)) AS v(unit_id) WHERE r.place) u
    CROSS JOIN LATERAL (
      SELECT c.project_id, c.work_date FROM tasks t
      JOIN task_completions c ON c.task_id = t.id AND c.period = 'once' AND c.reopened_at IS NULL
      WHERE t.project_id = u.project_id AND t.unit_id = u.unit_id AND t.recurrence = 'once'
      OFFSET 0
    ) c
  ) y;
  PERFORM worker_days_bump(projects_, days_);
  RETURN NULL;
END $$;
