CREATE TABLE "report_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"versions" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"answer" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_data_changes" (
	"scope" text NOT NULL,
	"changed_in" bigint NOT NULL,
	"changes" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "report_data_changes_scope_changed_in_pk" PRIMARY KEY("scope","changed_in")
);
--> statement-breakpoint
CREATE INDEX "report_answers_as_of_idx" ON "report_answers" USING btree ("as_of");
--> statement-breakpoint
-- Decision 035: a kept report answer is valid while the data versions of its companies are unchanged: each scope's
-- (a company's id, or '*' for what every company's figures read) sum of report_data_changes, one row per
-- transaction that changed it, written by deferred triggers (as claims_count_changes: every row in place).
CREATE FUNCTION bump_report_version(company uuid) RETURNS void LANGUAGE sql AS $$
  -- Its own row per transaction and scope: never waits for another transaction (two writers of one company must
  -- not lock one row, which other triggers' locks made a deadlock), once per transaction however many rows change.
  INSERT INTO report_data_changes (scope, changed_in) VALUES (coalesce(company::text, '*'), txid_current())
    ON CONFLICT (scope, changed_in) DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION report_version_of_company_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company uuid;
BEGIN
  -- claims, vehicles, locations: the company of the row before and after.
  IF TG_OP = 'UPDATE' AND NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    PERFORM bump_report_version(OLD.company_id);
    PERFORM bump_report_version(NEW.company_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_report_version(OLD.company_id);
  ELSE
    PERFORM bump_report_version(NEW.company_id);
  END IF;
  -- vehicles, locations (TG_ARGV[0]: the claims' column naming them): a claim keeps its vehicle and location
  -- when they move to another company, so a change shows in the reports of every company with a claim on them.
  IF TG_OP = 'UPDATE' AND TG_NARGS > 0 THEN
    FOR company IN EXECUTE format('SELECT DISTINCT company_id FROM claims WHERE %I = $1', TG_ARGV[0])
      USING NEW.id LOOP
      PERFORM bump_report_version(company);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_version_of_claim_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company uuid;
BEGIN
  -- A claim's status history, estimates and authorizations: its company (a claim deleted with them bumped it).
  IF TG_OP <> 'INSERT' THEN
    SELECT company_id INTO company FROM claims WHERE id = OLD.claim_id;
    IF FOUND THEN PERFORM bump_report_version(company); END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.claim_id IS DISTINCT FROM OLD.claim_id) THEN
    SELECT company_id INTO company FROM claims WHERE id = NEW.claim_id;
    IF FOUND THEN PERFORM bump_report_version(company); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_version_of_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A company renamed or moved to another time zone: its own figures; added or removed: every company's scope.
  IF TG_OP = 'UPDATE' THEN PERFORM bump_report_version(NEW.id); ELSE PERFORM bump_report_version(NULL); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_version_of_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The repair facilities: shared by every company.
  PERFORM bump_report_version(NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_claims AFTER INSERT OR UPDATE OR DELETE
  ON claims DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_company_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_vehicles AFTER INSERT OR UPDATE OR DELETE
  ON vehicles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_company_rows('vehicle_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_locations AFTER INSERT OR UPDATE OR DELETE
  ON locations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_company_rows('location_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_history AFTER INSERT OR UPDATE OR DELETE
  ON claim_status_history DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_claim_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_estimates AFTER INSERT OR UPDATE OR DELETE
  ON estimates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_claim_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_authorizations AFTER INSERT OR UPDATE OR DELETE
  ON authorization_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_claim_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_companies AFTER INSERT OR UPDATE OR DELETE
  ON companies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_companies();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_facilities AFTER INSERT OR UPDATE OR DELETE
  ON repair_facilities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_everything();
