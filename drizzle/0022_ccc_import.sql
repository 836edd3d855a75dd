CREATE TABLE "ccc_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"source" text NOT NULL,
	"uploaded_by_id" uuid,
	"result" text NOT NULL,
	"reason" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rq_uid" text,
	"document_id" text,
	"version_code" text,
	"version_number" integer,
	"committed" boolean,
	"claim_number" text,
	"vin" text,
	"gross_cents" integer,
	"facility_name" text,
	"facility_shop_id" text,
	"repair_facility_id" uuid,
	"claim_id" uuid,
	"estimate_id" uuid,
	"matched_by" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD COLUMN "labor_type" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "external_version" integer;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "preliminary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "deductible_cents" integer;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "ccc_imports" ADD CONSTRAINT "ccc_imports_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccc_imports" ADD CONSTRAINT "ccc_imports_repair_facility_id_repair_facilities_id_fk" FOREIGN KEY ("repair_facility_id") REFERENCES "public"."repair_facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccc_imports" ADD CONSTRAINT "ccc_imports_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccc_imports" ADD CONSTRAINT "ccc_imports_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ccc_imports_created_idx" ON "ccc_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ccc_imports_result_created_idx" ON "ccc_imports" USING btree ("result","created_at","id");--> statement-breakpoint
CREATE INDEX "ccc_imports_rq_uid_idx" ON "ccc_imports" USING btree ("rq_uid");--> statement-breakpoint
CREATE INDEX "ccc_imports_claim_idx" ON "ccc_imports" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "estimates_external_idx" ON "estimates" USING btree ("external_id");