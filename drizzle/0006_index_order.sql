DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
DROP INDEX "bug_reports_status_created_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_status_created_idx";--> statement-breakpoint
DROP INDEX "claims_company_status_idx";--> statement-breakpoint
DROP INDEX "claims_status_updated_idx";--> statement-breakpoint
DROP INDEX "claims_updated_idx";--> statement-breakpoint
DROP INDEX "claims_vehicle_idx";--> statement-breakpoint
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "claims_loss_date_idx" ON "claims" USING btree ("loss_date","id");--> statement-breakpoint
CREATE INDEX "claims_eta_idx" ON "claims" USING btree ("eta","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "bug_reports_status_created_idx" ON "bug_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_status_created_idx" ON "contact_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "claims_company_status_idx" ON "claims" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "claims_status_updated_idx" ON "claims" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "claims_updated_idx" ON "claims" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "claims_vehicle_idx" ON "claims" USING btree ("vehicle_id","created_at");