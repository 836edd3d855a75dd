CREATE TABLE "driver_report_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "driver_reports_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"link_id" uuid,
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"occurred_time" text,
	"place" text,
	"latitude" double precision,
	"longitude" double precision,
	"drivable" boolean NOT NULL,
	"injuries" boolean NOT NULL,
	"other_party_name" text,
	"other_party_plate" text,
	"other_party_insurer" text,
	"other_party_policy" text,
	"police_report_number" text,
	"witnesses" text,
	"description" text NOT NULL,
	"driver_name" text NOT NULL,
	"driver_phone" text,
	"driver_email" text,
	"upload_key_hash" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"claim_id" uuid,
	"dismiss_reason" text,
	"handled_by_id" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_reports_upload_key_hash_unique" UNIQUE("upload_key_hash"),
	CONSTRAINT "driver_reports_kind_check" CHECK ("driver_reports"."kind" in ('accident', 'damage_found', 'breakdown', 'glass', 'theft_vandalism')),
	CONSTRAINT "driver_reports_status_check" CHECK ("driver_reports"."status" in ('new', 'claim_opened', 'attached', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_report_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	"reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vehicle_report_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "driver_report_photos" ADD CONSTRAINT "driver_report_photos_report_id_driver_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."driver_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_reports" ADD CONSTRAINT "driver_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_reports" ADD CONSTRAINT "driver_reports_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_reports" ADD CONSTRAINT "driver_reports_link_id_vehicle_report_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."vehicle_report_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_reports" ADD CONSTRAINT "driver_reports_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_reports" ADD CONSTRAINT "driver_reports_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_report_links" ADD CONSTRAINT "vehicle_report_links_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_report_links" ADD CONSTRAINT "vehicle_report_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_report_links" ADD CONSTRAINT "vehicle_report_links_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_report_photos_report_idx" ON "driver_report_photos" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_reports_company_status_idx" ON "driver_reports" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "driver_reports_claim_idx" ON "driver_reports" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "driver_reports_vehicle_idx" ON "driver_reports" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_report_links_live_key" ON "vehicle_report_links" USING btree ("vehicle_id") WHERE "vehicle_report_links"."revoked_at" is null;