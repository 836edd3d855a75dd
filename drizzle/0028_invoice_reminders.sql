CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"days_past_due" integer NOT NULL,
	"sent_to" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_stage_pk" PRIMARY KEY("invoice_id","stage")
);
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;