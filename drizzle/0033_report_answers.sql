CREATE TABLE "report_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"versions" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"answer" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_data_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_in" bigint
);
--> statement-breakpoint
CREATE INDEX "report_answers_as_of_idx" ON "report_answers" USING btree ("as_of");--> statement-breakpoint
-- Decision 035: a kept report answer is valid while the data versions of its companies are unchanged. Bumped once
-- per transaction and scope (a company's id, or '*' for what every company's figures read), by deferred triggers
-- (as claims_count_changes): the version row is locked for an instant at the commit, not for the whole transaction.
CREATE FUNCTION bump_report_version(company uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped_scope text := coalesce(company::text, '*');
BEGIN
  -- Bumped already in this transaction: nothing to do, and no lock to take (a bulk write bumps once).
  IF EXISTS (SELECT 1 FROM report_data_versions WHERE scope = bumped_scope AND changed_in = txid_current()) THEN
    RETURN;
  END IF;
  INSERT INTO report_data_versions AS v (scope, version, changed_in)
    VALUES (bumped_scope, 1, txid_current())
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1, changed_in = excluded.changed_in
    WHERE v.changed_in IS DISTINCT FROM excluded.changed_in;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_version_of_company_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company uuid;
BEGIN
  -- claims, vehicles, locations: the company of the row before and after (moved: the two in their order, so
  -- two rows moved between the same companies in opposite directions do not wait for each other in a circle).
  IF TG_OP = 'UPDATE' AND NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    PERFORM bump_report_version(least(OLD.company_id, NEW.company_id));
    PERFORM bump_report_version(greatest(OLD.company_id, NEW.company_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_report_version(OLD.company_id);
  ELSE
    PERFORM bump_report_version(NEW.company_id);
  END IF;
  -- vehicles, locations (TG_ARGV[0]: the claims' column naming them): a claim keeps its vehicle and location
  -- when they move to another company, so a change shows in the reports of every company with a claim on them.
  IF TG_OP = 'UPDATE' AND TG_NARGS > 0 THEN
    FOR company IN EXECUTE format('SELECT DISTINCT company_id FROM claims WHERE %I = $1 ORDER BY 1', TG_ARGV[0])
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
