ALTER TABLE "invoices" ADD COLUMN "first_settled_on" date;--> statement-breakpoint
CREATE TABLE "invoice_totals" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"due_date" date,
	"invoices" integer DEFAULT 0 NOT NULL,
	"open_invoices" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"settled_cents" bigint DEFAULT 0 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_totals_key" UNIQUE NULLS NOT DISTINCT("company_id","status","due_date")
);
--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD CONSTRAINT "invoice_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_owing_idx" ON "invoices" USING btree ("balance_cents" desc nulls last,"id" desc) WHERE "invoices"."balance_cents" > 0;--> statement-breakpoint
-- The first day anything settled part of an invoice (decision 033), kept with what settled it (decision 031): as
-- of an earlier day its balance was its whole total, so the aging of a past day derives only the invoices settled
-- in part by then. An application counts whether or not its payment was later reversed.
CREATE OR REPLACE VIEW invoice_balance_facts AS
  SELECT i.id AS invoice_id, coalesce(a.paid_cents, 0)::int AS paid_cents,
    coalesce(c.credited_cents, 0)::int AS credited_cents,
    greatest(i.issue_date, i.voided_on, a.last_entry_on, c.last_entry_on) AS last_entry_on,
    least(a.first_applied_on, c.first_issued_on) AS first_settled_on
  FROM invoices i
    LEFT JOIN (
      SELECT pa.invoice_id, sum(pa.amount_cents) FILTER (WHERE p.reversed_at IS NULL) AS paid_cents,
        max(greatest(pa.applied_on, p.reversed_on)) AS last_entry_on, min(pa.applied_on) AS first_applied_on
      FROM payment_applications pa INNER JOIN payments p ON p.id = pa.payment_id
      GROUP BY pa.invoice_id
    ) a ON a.invoice_id = i.id
    LEFT JOIN (
      SELECT cn.invoice_id, sum(cn.amount_cents) AS credited_cents, max(cn.issued_on) AS last_entry_on,
        min(cn.issued_on) AS first_issued_on
      FROM credit_notes cn GROUP BY cn.invoice_id
    ) c ON c.invoice_id = i.id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_invoice_balance(invoice uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One transaction at a time per invoice, by the invoice's own row lock (the one recording a payment takes
  -- first, in id order): the statement below then sees what the previous one committed.
  PERFORM 1 FROM invoices WHERE id = invoice FOR UPDATE;
  UPDATE invoices i SET paid_cents = f.paid_cents, credited_cents = f.credited_cents, last_entry_on = f.last_entry_on,
      first_settled_on = f.first_settled_on
    FROM invoice_balance_facts f
    WHERE f.invoice_id = invoice AND i.id = invoice
      AND (i.paid_cents, i.credited_cents, i.last_entry_on, i.first_settled_on)
        IS DISTINCT FROM (f.paid_cents, f.credited_cents, f.last_entry_on, f.first_settled_on);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_invoice_balances() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Every invoice's and payment's figures again in one pass (after a bulk load with the triggers disabled), with writes held
  -- back meanwhile.
  LOCK TABLE invoices, payments IN SHARE ROW EXCLUSIVE MODE;
  UPDATE invoices i SET paid_cents = f.paid_cents, credited_cents = f.credited_cents, last_entry_on = f.last_entry_on,
      first_settled_on = f.first_settled_on
    FROM invoice_balance_facts f
    WHERE f.invoice_id = i.id
      AND (i.paid_cents, i.credited_cents, i.last_entry_on, i.first_settled_on)
        IS DISTINCT FROM (f.paid_cents, f.credited_cents, f.last_entry_on, f.first_settled_on);
  UPDATE payments p SET applied_cents = f.applied_cents, last_entry_on = f.last_entry_on
    FROM payment_credit_facts f
    WHERE f.payment_id = p.id
      AND (p.applied_cents, p.last_entry_on) IS DISTINCT FROM (f.applied_cents, f.last_entry_on);
END
$$;
--> statement-breakpoint
SET LOCAL statement_timeout = 0;--> statement-breakpoint
SELECT rebuild_invoice_balances();
--> statement-breakpoint
-- The invoices summed per company, status and due day (decision 033), kept by a trigger on invoices as
-- claim_counts is on claims (decision 017), so that every writer keeps them right; the integration tests compare
-- every row with the invoices themselves (src/server/modules/accounting/invoice-totals.test.ts).
CREATE FUNCTION invoice_totals_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One transaction at a time per company: a payment spread over several invoices changes its company's rows in
  -- the order of its invoices, not of the keys, and two such payments would otherwise lock the same rows in
  -- opposite orders (a deadlock). A transaction moving an invoice between companies takes both, in order.
  PERFORM pg_advisory_xact_lock(7246, hashtext(changed.company::text))
    FROM (
      SELECT OLD.company_id WHERE TG_OP <> 'INSERT'
      UNION
      SELECT NEW.company_id WHERE TG_OP <> 'DELETE'
    ) AS changed (company)
    ORDER BY changed.company;
  -- What the row took away (OLD) and adds (NEW).
  INSERT INTO invoice_totals AS totals
    SELECT change.company_id, change.status, change.due_date, sum(change.invoices)::integer,
      sum(change.open_invoices)::integer, sum(change.total_cents)::bigint, sum(change.settled_cents)::bigint,
      sum(change.balance_cents)::bigint
    FROM (
      SELECT OLD.company_id, OLD.status, OLD.due_date, -1, -(OLD.balance_cents <> 0)::integer, -OLD.total_cents,
        -(OLD.paid_cents + OLD.credited_cents), -OLD.balance_cents
        WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT NEW.company_id, NEW.status, NEW.due_date, 1, (NEW.balance_cents <> 0)::integer, NEW.total_cents,
        NEW.paid_cents + NEW.credited_cents, NEW.balance_cents
        WHERE TG_OP <> 'DELETE'
    ) AS change (company_id, status, due_date, invoices, open_invoices, total_cents, settled_cents, balance_cents)
    GROUP BY change.company_id, change.status, change.due_date
    HAVING sum(change.invoices) <> 0 OR sum(change.open_invoices) <> 0 OR sum(change.total_cents) <> 0
      OR sum(change.settled_cents) <> 0 OR sum(change.balance_cents) <> 0
    ORDER BY change.company_id, change.status, change.due_date
    ON CONFLICT ON CONSTRAINT invoice_totals_key
    DO UPDATE SET invoices = totals.invoices + excluded.invoices,
      open_invoices = totals.open_invoices + excluded.open_invoices,
      total_cents = totals.total_cents + excluded.total_cents,
      settled_cents = totals.settled_cents + excluded.settled_cents,
      balance_cents = totals.balance_cents + excluded.balance_cents;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rebuild_invoice_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Sums everything again from the invoices (after a bulk load with the trigger disabled), with invoice writes
  -- held back meanwhile.
  LOCK TABLE invoices IN SHARE MODE;
  DELETE FROM invoice_totals;
  INSERT INTO invoice_totals
    SELECT company_id, status, due_date, count(*)::integer, count(*) FILTER (WHERE balance_cents <> 0)::integer,
      sum(total_cents)::bigint, sum(paid_cents + credited_cents)::bigint, sum(balance_cents)::bigint
    FROM invoices GROUP BY company_id, status, due_date;
END
$$;
--> statement-breakpoint
SELECT rebuild_invoice_totals();
--> statement-breakpoint
-- Deferred to the commit, as the claims' counts: the shared rows are locked for an instant, not for the whole
-- transaction that changed an invoice. It fires on the columns the sums read (status and balance_cents are
-- generated from lifecycle, total_cents, paid_cents and credited_cents), among them the balance cache's updates,
-- which are themselves deferred: PostgreSQL runs what they queue before the commit ends.
CREATE CONSTRAINT TRIGGER invoice_totals_changes
  AFTER INSERT OR DELETE
    OR UPDATE OF company_id, due_date, lifecycle, total_cents, paid_cents, credited_cents
  ON invoices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_totals_changes();
