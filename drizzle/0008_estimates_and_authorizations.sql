CREATE TABLE "estimate_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"operation" text NOT NULL,
	"description" text NOT NULL,
	"part_number" text,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"labor_hours" numeric(8, 2) DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"labor_cents" integer NOT NULL,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"source" text NOT NULL,
	"number" text NOT NULL,
	"supplement_number" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"labor_rate_cents" integer,
	"labor_rate_source" text,
	"tax_rate_percent" numeric(6, 3) DEFAULT 0 NOT NULL,
	"tax_labor" boolean DEFAULT false NOT NULL,
	"note" text,
	"parts_cents" integer NOT NULL,
	"labor_cents" integer NOT NULL,
	"paint_cents" integer NOT NULL,
	"other_cents" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" uuid,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authorization_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"authorization_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"approved" boolean
);
--> statement-breakpoint
CREATE TABLE "authorization_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_amount_cents" integer NOT NULL,
	"approved_amount_cents" integer,
	"note" text,
	"requested_by_id" uuid,
	"decided_by_id" uuid,
	"decided_automatically" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "auto_approval_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_lines" ADD CONSTRAINT "authorization_lines_authorization_id_authorization_requests_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."authorization_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_lines_estimate_position_key" ON "estimate_lines" USING btree ("estimate_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_claim_supplement_key" ON "estimates" USING btree ("claim_id","supplement_number");--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_lines_authorization_position_key" ON "authorization_lines" USING btree ("authorization_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_requests_claim_sequence_key" ON "authorization_requests" USING btree ("claim_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_requests_pending_key" ON "authorization_requests" USING btree ("claim_id") WHERE "authorization_requests"."status" = 'pending';