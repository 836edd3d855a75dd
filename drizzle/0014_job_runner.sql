CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"slot" timestamp with time zone,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"worker" text,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_states" (
	"job" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_states_job_key_pk" PRIMARY KEY("job","key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_slot_key" ON "job_runs" USING btree ("job","slot","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_one_queued_key" ON "job_runs" USING btree ("job","key") WHERE "job_runs"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_one_running_key" ON "job_runs" USING btree ("job","key") WHERE "job_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "job_runs_due_idx" ON "job_runs" USING btree ("run_at") WHERE "job_runs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "job_runs_job_created_idx" ON "job_runs" USING btree ("job","created_at");--> statement-breakpoint
-- Queued mail wakes the mail job at once, in the transaction that queued it (decision 019): every insert into
-- the outbox, whichever module makes it, enqueues one `mail.deliver` run; a run already queued absorbs it.
CREATE FUNCTION "mail_outbox_wake_delivery"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_runs" ("job", "trigger") VALUES ('mail.deliver', 'manual') ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mail_outbox_wake_delivery" AFTER INSERT ON "mail_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "mail_outbox_wake_delivery"();
