CREATE TABLE "tekmetric_connection" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"environment" text DEFAULT 'sandbox' NOT NULL,
	"base_url" text NOT NULL,
	"client_id" text,
	"client_secret_encrypted" text,
	"sync_every_minutes" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tekmetric_repair_orders" (
	"ro_id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"ro_number" text,
	"claim_id" uuid NOT NULL,
	"authorization_id" uuid,
	"fingerprint" text NOT NULL,
	"ro_updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tekmetric_sync_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_run_id" uuid,
	"shop_id" text NOT NULL,
	"facility_id" uuid,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"updated_since" timestamp with time zone,
	"ros_fetched" integer DEFAULT 0 NOT NULL,
	"claims_created" integer DEFAULT 0 NOT NULL,
	"claims_updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "tekmetric_sync_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "authorization_lines" ADD COLUMN "tekmetric_job_id" text;--> statement-breakpoint
ALTER TABLE "tekmetric_repair_orders" ADD CONSTRAINT "tekmetric_repair_orders_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tekmetric_repair_orders" ADD CONSTRAINT "tekmetric_repair_orders_authorization_id_authorization_requests_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."authorization_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tekmetric_sync_log" ADD CONSTRAINT "tekmetric_sync_log_facility_id_repair_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."repair_facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tekmetric_repair_orders_claim_idx" ON "tekmetric_repair_orders" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "tekmetric_sync_log_started_idx" ON "tekmetric_sync_log" USING btree ("started_at","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_lines_tekmetric_job_key" ON "authorization_lines" USING btree ("tekmetric_job_id") WHERE "authorization_lines"."tekmetric_job_id" is not null;