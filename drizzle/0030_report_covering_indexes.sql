-- The reports and the Fleet Dashboard (decision 029) read their claims from these indexes alone (index-only
-- scans): a claim's row is about 650 bytes wide and a year's claims are spread over every page of the table,
-- so reading them from the table touched nearly all of it; here they lie together, in the order of the report
-- date, about 350 bytes each. Every column a report section or the dashboard reads, or filters on, is included;
-- a column added to one of their queries must be added here too, or that query reads the table again.
-- Admins' reports (every company): by report date.
CREATE INDEX "claims_report_idx" ON "claims" USING btree ("created_at") INCLUDE ("company_id", "location_id",
  "repair_facility_id", "workflow", "status", "vehicle_id", "completed_at", "drivable", "drop_off_date",
  "first_eta", "first_estimate_cents", "approved_amount_cents", "final_amount_cents", "has_estimate",
  "has_supplement", "comeback", "status_seconds", "waiting_status", "waiting_since", "id");--> statement-breakpoint
-- A manager's reports (their companies) and the Fleet Dashboard (one company): by company, then report date.
CREATE INDEX "claims_company_report_idx" ON "claims" USING btree ("company_id", "created_at") INCLUDE (
  "location_id", "repair_facility_id", "workflow", "status", "vehicle_id", "number", "completed_at", "closed_at",
  "status_changed_at", "eta", "drivable", "drop_off_date", "first_eta", "first_estimate_cents",
  "approved_amount_cents", "final_amount_cents", "has_estimate", "has_supplement", "comeback", "status_seconds",
  "waiting_status", "waiting_since", "id");
