-- Links for people outside the office (issue 32): the claim pack an adjuster downloads without an account. Only each
-- token's SHA-256 is kept; a link reaches one claim, ends at expires_at and is revoked by revoked_at (both answer 410).
CREATE TABLE "outside_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"claim_id" uuid NOT NULL,
	"sent_to" text NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	"uses" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "outside_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "outside_links_kind_check" CHECK ("outside_links"."kind" in ('claim_pack'))
);
--> statement-breakpoint
ALTER TABLE "outside_links" ADD CONSTRAINT "outside_links_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_links" ADD CONSTRAINT "outside_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_links" ADD CONSTRAINT "outside_links_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_links_claim_idx" ON "outside_links" USING btree ("claim_id","created_at");