CREATE TABLE "claim_counts" (
	"company_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"workflow" text,
	"status" text,
	"assignee_id" uuid,
	"day" date,
	"claims" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "claim_counts_key" UNIQUE NULLS NOT DISTINCT("company_id","metric","workflow","status","assignee_id","day")
);
--> statement-breakpoint
CREATE TABLE "vehicles_down" (
	"vehicle_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"since" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_counts" ADD CONSTRAINT "claim_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles_down" ADD CONSTRAINT "vehicles_down_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles_down" ADD CONSTRAINT "vehicles_down_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_company_moved_idx" ON "claims" USING btree ("company_id","status_changed_at");--> statement-breakpoint
CREATE INDEX "claims_assignee_open_idx" ON "claims" USING btree ("assignee_id","updated_at","id") WHERE status not in ('completed', 'closed', 'cancelled', 'total_loss');--> statement-breakpoint
-- The dashboard's counts (decision 017), kept by triggers so that every writer of claims keeps them right.
-- "Open" is every status but completed, closed, cancelled and total loss (FINISHED_STATUSES in
-- src/shared/workflows.ts); the integration tests compare every count with the claims themselves.
CREATE FUNCTION claim_down_day(c claims) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  -- The first day the claim keeps its vehicle down: from the start when not drivable, else from the drop-off
  -- at the facility; null when it never does (or is finished).
  SELECT CASE
    WHEN c.status IN ('completed', 'closed', 'cancelled', 'total_loss') THEN NULL
    WHEN c.drivable = false THEN '-infinity'::date
    ELSE c.drop_off_date
  END
$$;
--> statement-breakpoint
CREATE FUNCTION claim_count_rows(c claims, sign integer) RETURNS SETOF claim_counts LANGUAGE sql STABLE AS $$
  -- What one claim adds to claim_counts (sign 1) or takes away from it (sign -1).
  SELECT c.company_id, 'open', c.workflow, c.status, c.assignee_id, NULL::date, sign, 0::bigint
    WHERE c.status NOT IN ('completed', 'closed', 'cancelled', 'total_loss')
  UNION ALL
  SELECT c.company_id, 'eta', NULL, NULL, NULL, c.eta, sign, 0
    WHERE c.status NOT IN ('completed', 'closed', 'cancelled', 'total_loss') AND c.eta IS NOT NULL
  UNION ALL
  SELECT c.company_id, 'down', NULL, NULL, NULL, claim_down_day(c), sign, 0
    WHERE claim_down_day(c) IS NOT NULL
  UNION ALL
  SELECT c.company_id, 'completed', c.workflow, NULL, NULL, c.completed_at::date, sign,
      sign * round(extract(epoch FROM c.completed_at - c.created_at))::bigint
    WHERE c.completed_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_vehicle_down(vehicle uuid, company uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  before date;
  after date;
BEGIN
  -- One transaction at a time per vehicle; the statements below then see what the previous one committed.
  PERFORM pg_advisory_xact_lock(7243, hashtext(vehicle::text));
  SELECT since INTO before FROM vehicles_down WHERE vehicle_id = vehicle;
  SELECT min(claim_down_day(c)) INTO after FROM claims c WHERE c.vehicle_id = vehicle;
  IF before IS NOT DISTINCT FROM after THEN
    RETURN;
  END IF;
  IF after IS NULL THEN
    DELETE FROM vehicles_down WHERE vehicle_id = vehicle;
  ELSE
    INSERT INTO vehicles_down (vehicle_id, company_id, since) VALUES (vehicle, company, after)
      ON CONFLICT (vehicle_id) DO UPDATE SET since = excluded.since;
  END IF;
  INSERT INTO claim_counts AS counts (company_id, metric, day, claims)
    SELECT company, 'vehicles_down', change.day, change.claims
    FROM (VALUES (before, -1), (after, 1)) AS change (day, claims)
    WHERE change.day IS NOT NULL
    ORDER BY change.day
    ON CONFLICT (company_id, metric, workflow, status, assignee_id, day)
    DO UPDATE SET claims = counts.claims + excluded.claims;
END
$$;
--> statement-breakpoint
CREATE FUNCTION claims_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_down date;
  new_down date;
BEGIN
  -- Rows are changed in key order, so two transactions never wait for each other in a circle.
  INSERT INTO claim_counts AS counts
    SELECT change.company_id, change.metric, change.workflow, change.status, change.assignee_id, change.day,
      sum(change.claims)::integer, sum(change.seconds)::bigint
    FROM (
      SELECT * FROM claim_count_rows(OLD, -1) WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT * FROM claim_count_rows(NEW, 1) WHERE TG_OP <> 'DELETE'
    ) AS change
    GROUP BY change.company_id, change.metric, change.workflow, change.status, change.assignee_id, change.day
    HAVING sum(change.claims) <> 0 OR sum(change.seconds) <> 0
    ORDER BY change.company_id, change.metric, change.workflow, change.status, change.assignee_id, change.day
    ON CONFLICT (company_id, metric, workflow, status, assignee_id, day)
    DO UPDATE SET claims = counts.claims + excluded.claims, seconds = counts.seconds + excluded.seconds;

  IF TG_OP <> 'INSERT' THEN old_down := claim_down_day(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_down := claim_down_day(NEW); END IF;
  IF TG_OP = 'UPDATE' AND OLD.vehicle_id = NEW.vehicle_id THEN
    IF old_down IS DISTINCT FROM new_down THEN
      PERFORM refresh_vehicle_down(NEW.vehicle_id, NEW.company_id);
    END IF;
  ELSE
    IF old_down IS NOT NULL THEN PERFORM refresh_vehicle_down(OLD.vehicle_id, OLD.company_id); END IF;
    IF new_down IS NOT NULL THEN PERFORM refresh_vehicle_down(NEW.vehicle_id, NEW.company_id); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rebuild_claim_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Counts everything again from the claims (after a bulk load with the trigger disabled), with claims
  -- writes held back meanwhile.
  LOCK TABLE claims IN SHARE MODE;
  DELETE FROM claim_counts;
  DELETE FROM vehicles_down;
  INSERT INTO claim_counts
    SELECT row.company_id, row.metric, row.workflow, row.status, row.assignee_id, row.day,
      sum(row.claims)::integer, sum(row.seconds)::bigint
    FROM claims c CROSS JOIN LATERAL claim_count_rows(c, 1) AS row
    GROUP BY row.company_id, row.metric, row.workflow, row.status, row.assignee_id, row.day;
  INSERT INTO vehicles_down (vehicle_id, company_id, since)
    SELECT c.vehicle_id, (array_agg(c.company_id))[1], min(claim_down_day(c))
    FROM claims c
    WHERE claim_down_day(c) IS NOT NULL
    GROUP BY c.vehicle_id;
  INSERT INTO claim_counts (company_id, metric, day, claims)
    SELECT company_id, 'vehicles_down', since, count(*)::integer FROM vehicles_down GROUP BY company_id, since;
END
$$;
--> statement-breakpoint
SELECT rebuild_claim_counts();
--> statement-breakpoint
-- Deferred to the commit, so the shared count rows are locked for an instant, not for the whole transaction
-- that moved a claim (two moves in one company would otherwise wait for each other).
CREATE CONSTRAINT TRIGGER claims_count_changes
  AFTER INSERT OR DELETE
    OR UPDATE OF company_id, vehicle_id, workflow, status, assignee_id, eta, drivable, drop_off_date,
      completed_at, created_at
  ON claims DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION claims_count_changes();
