-- Decision 049: a claim's seconds per status as a generated float8 array in CLAIM_STATUSES order.
ALTER TABLE "claims" ADD COLUMN "status_seconds_list" double precision[] GENERATED ALWAYS AS (array[(status_seconds ->> 'reported')::float8, (status_seconds ->> 'estimate_pending')::float8, (status_seconds ->> 'estimate_review')::float8, (status_seconds ->> 'approved')::float8, (status_seconds ->> 'parts_ordered')::float8, (status_seconds ->> 'in_repair')::float8, (status_seconds ->> 'supplement_review')::float8, (status_seconds ->> 'quality_check')::float8, (status_seconds ->> 'diagnosis')::float8, (status_seconds ->> 'authorization_pending')::float8, (status_seconds ->> 'authorized')::float8, (status_seconds ->> 'declined')::float8, (status_seconds ->> 'ready_for_pickup')::float8, (status_seconds ->> 'completed')::float8, (status_seconds ->> 'closed')::float8, (status_seconds ->> 'total_loss')::float8, (status_seconds ->> 'on_hold')::float8, (status_seconds ->> 'cancelled')::float8]) STORED;--> statement-breakpoint
-- The time in status reads the array instead of the jsonb (decision 049), so the reports' covering indexes (migration
-- 0030) carry it in place of status_seconds: the same columns otherwise.
DROP INDEX "claims_report_idx";--> statement-breakpoint
CREATE INDEX "claims_report_idx" ON "claims" USING btree ("created_at") INCLUDE ("company_id", "location_id",
  "repair_facility_id", "workflow", "status", "vehicle_id", "completed_at", "drivable", "drop_off_date",
  "first_eta", "first_estimate_cents", "approved_amount_cents", "final_amount_cents", "has_estimate",
  "has_supplement", "comeback", "status_seconds_list", "waiting_status", "waiting_since", "id");--> statement-breakpoint
DROP INDEX "claims_company_report_idx";--> statement-breakpoint
CREATE INDEX "claims_company_report_idx" ON "claims" USING btree ("company_id", "created_at") INCLUDE (
  "location_id", "repair_facility_id", "workflow", "status", "vehicle_id", "number", "completed_at", "closed_at",
  "status_changed_at", "eta", "drivable", "drop_off_date", "first_eta", "first_estimate_cents",
  "approved_amount_cents", "final_amount_cents", "has_estimate", "has_supplement", "comeback", "status_seconds_list",
  "waiting_status", "waiting_since", "id");
