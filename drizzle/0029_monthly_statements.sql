CREATE TABLE "company_statements" (
	"company_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"open_cents" integer NOT NULL,
	"credit_cents" integer NOT NULL,
	"sent_to" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_statements_company_id_as_of_pk" PRIMARY KEY("company_id","as_of")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "monthly_statements_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_statements" ADD CONSTRAINT "company_statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;