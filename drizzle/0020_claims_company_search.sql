CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "claims_company_search_trgm_idx" ON "claims" USING gin ("company_id","search_text" gin_trgm_ops);
