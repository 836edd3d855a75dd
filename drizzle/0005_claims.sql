CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"address" text,
	"phone" text,
	"contact_name" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" text,
	"phone" text,
	"email" text,
	"contact_name" text,
	"labor_rate_cents" integer,
	"ccc_shop_id" text,
	"tekmetric_shop_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"location_id" uuid,
	"unit_number" text NOT NULL,
	"vin" text NOT NULL,
	"year" integer,
	"make" text,
	"model" text,
	"plate" text,
	"plate_state" text,
	"color" text,
	"odometer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"mentioned_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"impersonator_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_watchers" (
	"claim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "claim_watchers_claim_id_user_id_pk" PRIMARY KEY("claim_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"location_id" uuid,
	"workflow" text NOT NULL,
	"status" text DEFAULT 'reported' NOT NULL,
	"status_before_hold" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"description" text NOT NULL,
	"loss_date" date NOT NULL,
	"reported_by_name" text,
	"reported_by_phone" text,
	"drivable" boolean,
	"tow_required" boolean DEFAULT false NOT NULL,
	"rental_needed" boolean DEFAULT false NOT NULL,
	"odometer_at_intake" integer,
	"repair_facility_id" uuid,
	"assignee_id" uuid,
	"insurer" text,
	"insurer_claim_number" text,
	"adjuster_name" text,
	"adjuster_phone" text,
	"adjuster_email" text,
	"policy_number" text,
	"deductible_cents" integer,
	"estimate_amount_cents" integer,
	"approved_amount_cents" integer,
	"final_amount_cents" integer,
	"drop_off_date" date,
	"eta" date,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_notes" ADD CONSTRAINT "claim_notes_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_notes" ADD CONSTRAINT "claim_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_status_history" ADD CONSTRAINT "claim_status_history_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_status_history" ADD CONSTRAINT "claim_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_status_history" ADD CONSTRAINT "claim_status_history_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_watchers" ADD CONSTRAINT "claim_watchers_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_watchers" ADD CONSTRAINT "claim_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_repair_facility_id_repair_facilities_id_fk" FOREIGN KEY ("repair_facility_id") REFERENCES "public"."repair_facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_company_code_key" ON "locations" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "locations_company_name_idx" ON "locations" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "repair_facilities_name_idx" ON "repair_facilities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_company_vin_key" ON "vehicles" USING btree ("company_id","vin");--> statement-breakpoint
CREATE INDEX "vehicles_company_unit_idx" ON "vehicles" USING btree ("company_id","unit_number");--> statement-breakpoint
CREATE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "claim_notes_claim_idx" ON "claim_notes" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_status_history_claim_idx" ON "claim_status_history" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_watchers_user_idx" ON "claim_watchers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "claims_company_status_idx" ON "claims" USING btree ("company_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_status_updated_idx" ON "claims" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_updated_idx" ON "claims" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_vehicle_idx" ON "claims" USING btree ("vehicle_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_assignee_idx" ON "claims" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "claims_facility_idx" ON "claims" USING btree ("repair_facility_id","status");--> statement-breakpoint
CREATE INDEX "claims_location_idx" ON "claims" USING btree ("location_id","status");--> statement-breakpoint
CREATE INDEX "claims_search_trgm_idx" ON "claims" USING gin ("search_text" gin_trgm_ops);