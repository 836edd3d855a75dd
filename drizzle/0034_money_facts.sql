-- Money facts (decision 038). A claim's first estimate, which the reports count and measure the final amount
-- against, is its original estimate version's total (supplement 0) or, for a claim without estimate versions, the
-- estimate amount typed on the claim (at intake or edited since): the same fact the claim page shows. A claim
-- "has an estimate" (the supplement rate's denominator) when it has either. The per-claim figures are kept by the
-- triggers of migration 0026; this one redefines what they keep and refreshes them when the typed amount changes.
CREATE OR REPLACE VIEW claim_estimate_facts AS
  -- Per claim with an estimate version or a typed estimate amount.
  SELECT c.id AS claim_id, coalesce(e.first_estimate_cents, c.estimate_amount_cents) AS first_estimate_cents,
    coalesce(e.has_supplement, false) AS has_supplement
  FROM claims c
    LEFT JOIN (
      SELECT v.claim_id, min(v.total_cents) FILTER (WHERE v.supplement_number = 0) AS first_estimate_cents,
        bool_or(v.supplement_number > 0) AS has_supplement
      FROM estimates v GROUP BY v.claim_id
    ) e ON e.claim_id = c.id
  WHERE e.claim_id IS NOT NULL OR c.estimate_amount_cents IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION claim_facts_of_estimate_amount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_claim_facts(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit as the other facts' triggers; the facts' own updates do not set the column it watches.
CREATE CONSTRAINT TRIGGER claim_facts_of_estimate_amount
  AFTER INSERT OR UPDATE OF estimate_amount_cents
  ON claims DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION claim_facts_of_estimate_amount();
--> statement-breakpoint
-- A claim billed alone by a sent invoice (not void) and without a final amount gets the invoice's total, the rule
-- sending now follows (invoice-sending.ts). A claim sharing a sent invoice with others is left as it is.
UPDATE claims c SET final_amount_cents = i.total_cents, updated_at = now(), version = c.version + 1
  FROM invoice_claims ic JOIN invoices i ON i.id = ic.invoice_id AND i.lifecycle = 'sent'
  WHERE ic.claim_id = c.id AND ic.active AND c.final_amount_cents IS NULL
    AND (SELECT count(*) FROM invoice_claims o WHERE o.invoice_id = i.id) = 1;
--> statement-breakpoint
SET LOCAL statement_timeout = 0;--> statement-breakpoint
SELECT rebuild_claim_facts();
