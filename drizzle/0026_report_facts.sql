ALTER TABLE "claims" ADD COLUMN "first_estimate_cents" integer;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "has_estimate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "has_supplement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "comeback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "status_seconds" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "waiting_status" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
-- The per-claim figures the reports read (decision 025), kept by triggers so that every writer of claims,
-- estimates and status history keeps them right; the integration tests compare them with the raw computation
-- (src/server/modules/reports/report-facts.test.ts). "Finished" is completed, closed, cancelled and total loss
-- (FINISHED_STATUSES in src/shared/workflows.ts); the comeback window is COMEBACK_WINDOW_DAYS (claim-queries.ts).
CREATE VIEW claim_estimate_facts AS
  -- Per claim with an estimate: the original estimate's total (supplement 0) and whether it has a supplement.
  SELECT e.claim_id, min(e.total_cents) FILTER (WHERE e.supplement_number = 0) AS first_estimate_cents,
    bool_or(e.supplement_number > 0) AS has_supplement
  FROM estimates e GROUP BY e.claim_id;
--> statement-breakpoint
CREATE VIEW claim_history_facts AS
  -- Per claim with a history: the seconds spent in each open status over every span a later entry ended, and
  -- the open status it is still waiting in (its latest entry, when not finished) since when.
  SELECT s.claim_id,
    coalesce(jsonb_object_agg(s.to_status, s.seconds ORDER BY s.to_status) FILTER (WHERE s.seconds IS NOT NULL),
      '{}'::jsonb) AS status_seconds,
    min(s.to_status) FILTER (WHERE s.open_since IS NOT NULL) AS waiting_status,
    min(s.open_since) AS waiting_since
  FROM (
    SELECT spans.claim_id, spans.to_status, sum(extract(epoch FROM spans.left_at - spans.created_at)) AS seconds,
      max(spans.created_at) FILTER (WHERE spans.left_at IS NULL) AS open_since
    FROM (
      SELECT h.claim_id, h.to_status, h.created_at,
        lead(h.created_at) OVER (PARTITION BY h.claim_id ORDER BY h.created_at, h.seq) AS left_at
      FROM claim_status_history h
    ) spans
    WHERE spans.to_status NOT IN ('completed', 'closed', 'cancelled', 'total_loss')
    GROUP BY spans.claim_id, spans.to_status
  ) s
  GROUP BY s.claim_id;
--> statement-breakpoint
CREATE VIEW claim_comebacks AS
  -- Completed claims whose vehicle had another claim reported after the completion and within 30 days of it.
  SELECT c.id AS claim_id FROM claims c
  WHERE c.completed_at IS NOT NULL AND EXISTS (
    SELECT 1 FROM claims n
    WHERE n.vehicle_id = c.vehicle_id AND n.id <> c.id
      AND n.created_at > c.completed_at AND n.created_at <= c.completed_at + interval '30 days');
--> statement-breakpoint
CREATE FUNCTION refresh_claim_facts(claim uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One transaction at a time per claim; the statement below then sees what the previous one committed.
  PERFORM pg_advisory_xact_lock(7244, hashtext(claim::text));
  UPDATE claims c SET first_estimate_cents = f.first_estimate_cents, has_estimate = f.has_estimate,
      has_supplement = f.has_supplement, status_seconds = f.status_seconds, waiting_status = f.waiting_status,
      waiting_since = f.waiting_since
    FROM (
      SELECT e.first_estimate_cents, e.claim_id IS NOT NULL AS has_estimate,
        coalesce(e.has_supplement, false) AS has_supplement, coalesce(h.status_seconds, '{}'::jsonb) AS status_seconds,
        h.waiting_status, h.waiting_since
      FROM (SELECT claim AS id) k
        LEFT JOIN claim_estimate_facts e ON e.claim_id = claim
        LEFT JOIN claim_history_facts h ON h.claim_id = claim
    ) f
    WHERE c.id = claim
      AND (c.first_estimate_cents, c.has_estimate, c.has_supplement, c.status_seconds, c.waiting_status, c.waiting_since)
        IS DISTINCT FROM (f.first_estimate_cents, f.has_estimate, f.has_supplement, f.status_seconds, f.waiting_status,
          f.waiting_since);
END
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_vehicle_comebacks(vehicle uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7245, hashtext(vehicle::text));
  UPDATE claims c SET comeback = f.comeback
    FROM (
      SELECT k.id, EXISTS (SELECT 1 FROM claim_comebacks b WHERE b.claim_id = k.id) AS comeback
      FROM claims k WHERE k.vehicle_id = vehicle
    ) f
    WHERE c.id = f.id AND c.comeback IS DISTINCT FROM f.comeback;
END
$$;
--> statement-breakpoint
CREATE FUNCTION claim_facts_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_claim_facts(OLD.claim_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.claim_id IS DISTINCT FROM OLD.claim_id) THEN
    PERFORM refresh_claim_facts(NEW.claim_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION claim_facts_of_claims() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_vehicle_comebacks(OLD.vehicle_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.vehicle_id IS DISTINCT FROM OLD.vehicle_id) THEN
    PERFORM refresh_vehicle_comebacks(NEW.vehicle_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rebuild_claim_facts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Every claim's figures again, in one pass over each table (after a bulk load with the triggers disabled),
  -- with writes held back meanwhile.
  LOCK TABLE claims IN SHARE ROW EXCLUSIVE MODE;
  UPDATE claims c SET first_estimate_cents = f.first_estimate_cents, has_estimate = f.has_estimate,
      has_supplement = f.has_supplement, status_seconds = f.status_seconds, waiting_status = f.waiting_status,
      waiting_since = f.waiting_since, comeback = f.comeback
    FROM (
      SELECT k.id, e.first_estimate_cents, e.claim_id IS NOT NULL AS has_estimate,
        coalesce(e.has_supplement, false) AS has_supplement, coalesce(h.status_seconds, '{}'::jsonb) AS status_seconds,
        h.waiting_status, h.waiting_since, b.claim_id IS NOT NULL AS comeback
      FROM claims k
        LEFT JOIN claim_estimate_facts e ON e.claim_id = k.id
        LEFT JOIN claim_history_facts h ON h.claim_id = k.id
        LEFT JOIN claim_comebacks b ON b.claim_id = k.id
    ) f
    WHERE c.id = f.id
      AND (c.first_estimate_cents, c.has_estimate, c.has_supplement, c.status_seconds, c.waiting_status,
        c.waiting_since, c.comeback)
        IS DISTINCT FROM (f.first_estimate_cents, f.has_estimate, f.has_supplement, f.status_seconds,
          f.waiting_status, f.waiting_since, f.comeback);
END
$$;
--> statement-breakpoint
-- Counting every claim once may take longer than the app's statement timeout on a large database.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
SELECT rebuild_claim_facts();
--> statement-breakpoint
-- Deferred to the commit (as claims_count_changes): a claim and its history written in one transaction are
-- counted once, with every row in place. The claims trigger fires only when a column the comeback rule reads
-- changes; the facts' own updates change none of them.
CREATE CONSTRAINT TRIGGER claim_facts_of_estimates
  AFTER INSERT OR DELETE OR UPDATE OF claim_id, supplement_number, total_cents
  ON estimates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION claim_facts_of_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER claim_facts_of_history
  AFTER INSERT OR DELETE OR UPDATE OF claim_id, to_status, created_at
  ON claim_status_history DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION claim_facts_of_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER claim_facts_of_claims
  AFTER INSERT OR DELETE OR UPDATE OF vehicle_id, created_at, completed_at
  ON claims DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION claim_facts_of_claims();
