ALTER TABLE "outside_links" DROP CONSTRAINT "outside_links_kind_check";--> statement-breakpoint
ALTER TABLE "outside_links" ALTER COLUMN "sent_to" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outside_link_id" uuid;--> statement-breakpoint
ALTER TABLE "claim_notes" ADD COLUMN "outside_link_id" uuid;--> statement-breakpoint
ALTER TABLE "claim_status_history" ADD COLUMN "outside_link_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "outside_link_id" uuid;--> statement-breakpoint
ALTER TABLE "outside_links" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_outside_link_id_outside_links_id_fk" FOREIGN KEY ("outside_link_id") REFERENCES "public"."outside_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_notes" ADD CONSTRAINT "claim_notes_outside_link_id_outside_links_id_fk" FOREIGN KEY ("outside_link_id") REFERENCES "public"."outside_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_status_history" ADD CONSTRAINT "claim_status_history_outside_link_id_outside_links_id_fk" FOREIGN KEY ("outside_link_id") REFERENCES "public"."outside_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_outside_link_id_outside_links_id_fk" FOREIGN KEY ("outside_link_id") REFERENCES "public"."outside_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_links" ADD CONSTRAINT "outside_links_facility_id_repair_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."repair_facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_links" ADD CONSTRAINT "outside_links_kind_check" CHECK ("outside_links"."kind" in ('claim_pack', 'shop'));