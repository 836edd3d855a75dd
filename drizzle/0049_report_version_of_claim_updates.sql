-- Decision 052: a claim's change bumps its company's report version (migration 0033) only when it changes something
-- a report or the Fleet Dashboard reads. Before, every update did: a priority, an assignee, a description or an
-- adjuster's phone made every kept answer of the company out of date, and its next reader waited the whole
-- computation (seconds on 1,000,000 claims). The columns below are read by no report: the row without them is
-- compared, so a column added later counts until it is listed here. `report-versions.test.ts` checks that this
-- list is `REPORT_UNREAD_CLAIM_COLUMNS` (src/server/db/schema/report-answers.ts) and that changing each of them
-- leaves every report and the Fleet Dashboard as they were.
DROP TRIGGER report_version_of_claims ON claims;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_claims AFTER INSERT OR DELETE
  ON claims DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_version_of_company_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_version_of_claim_updates AFTER UPDATE
  ON claims DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{adjuster_email,adjuster_name,adjuster_phone,assignee_id,created_by_id,deductible_cents,description,insurer,insurer_claim_number,loss_date,odometer_at_intake,policy_number,priority,priority_rank,rental_needed,reported_by_name,reported_by_phone,search_text,status_before_hold,tags,tow_required,updated_at,updated_by_id,version}'::text[])
    IS DISTINCT FROM (to_jsonb(NEW) - '{adjuster_email,adjuster_name,adjuster_phone,assignee_id,created_by_id,deductible_cents,description,insurer,insurer_claim_number,loss_date,odometer_at_intake,policy_number,priority,priority_rank,rental_needed,reported_by_name,reported_by_phone,search_text,status_before_hold,tags,tow_required,updated_at,updated_by_id,version}'::text[]))
  EXECUTE FUNCTION report_version_of_company_rows();
