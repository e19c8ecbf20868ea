-- One unit per label regardless of case (docs/product.md "Working without signal"). A project that
-- already has labels differing only in case ("a101" and "A101") is not merged behind anyone's back:
-- the index waits, the server names those labels in its log at every start and creates the index
-- once they are renamed (server/main.ts, ensureAnyCaseLabelIndex); meanwhile the service refuses
-- new look-alikes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "units" GROUP BY "project_id", lower("number") HAVING count(*) > 1) THEN
    RAISE WARNING 'units: some projects have unit numbers that differ only in case; units_project_number_ci_uq not created';
  ELSE
    CREATE UNIQUE INDEX "units_project_number_ci_uq" ON "units" USING btree ("project_id", lower("number"));
  END IF;
END $$;
