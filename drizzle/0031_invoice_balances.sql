ALTER TABLE "invoices" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_entry_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "balance_cents" integer GENERATED ALWAYS AS (case when lifecycle = 'sent' then total_cents - paid_cents - credited_cents else 0 end) STORED;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "status" text GENERATED ALWAYS AS (case when lifecycle <> 'sent' then lifecycle when paid_cents + credited_cents >= total_cents then 'paid' when paid_cents + credited_cents > 0 then 'partially_paid' else 'sent' end) STORED;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "applied_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_entry_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "unapplied_cents" integer GENERATED ALWAYS AS (case when reversed_at is null then amount_cents - applied_cents else 0 end) STORED;--> statement-breakpoint
-- What settled each invoice and what each payment applied (decision 031), kept by triggers as a cache of the derivation in
-- src/server/modules/accounting/invoice-balance.sql.ts, so that every writer of invoices, payments, their
-- applications and credit notes keeps it right; the integration tests compare it with that derivation
-- (src/server/modules/accounting/invoice-balance-cache.test.ts). balance_cents and status follow from it.
CREATE VIEW invoice_balance_facts AS
  -- Per invoice: the applications of payments not reversed, the credit notes, and the latest dated entry that
  -- moves its balance as of a day (issued, voided, a payment applied or reversed, a credit note issued).
  SELECT i.id AS invoice_id, coalesce(a.paid_cents, 0)::int AS paid_cents,
    coalesce(c.credited_cents, 0)::int AS credited_cents,
    greatest(i.issue_date, i.voided_on, a.last_entry_on, c.last_entry_on) AS last_entry_on
  FROM invoices i
    LEFT JOIN (
      SELECT pa.invoice_id, sum(pa.amount_cents) FILTER (WHERE p.reversed_at IS NULL) AS paid_cents,
        max(greatest(pa.applied_on, p.reversed_on)) AS last_entry_on
      FROM payment_applications pa INNER JOIN payments p ON p.id = pa.payment_id
      GROUP BY pa.invoice_id
    ) a ON a.invoice_id = i.id
    LEFT JOIN (
      SELECT cn.invoice_id, sum(cn.amount_cents) AS credited_cents, max(cn.issued_on) AS last_entry_on
      FROM credit_notes cn GROUP BY cn.invoice_id
    ) c ON c.invoice_id = i.id;
--> statement-breakpoint
CREATE FUNCTION refresh_invoice_balance(invoice uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One transaction at a time per invoice, by the invoice's own row lock (the one recording a payment takes
  -- first, in id order): the statement below then sees what the previous one committed.
  PERFORM 1 FROM invoices WHERE id = invoice FOR UPDATE;
  UPDATE invoices i SET paid_cents = f.paid_cents, credited_cents = f.credited_cents, last_entry_on = f.last_entry_on
    FROM invoice_balance_facts f
    WHERE f.invoice_id = invoice AND i.id = invoice
      AND (i.paid_cents, i.credited_cents, i.last_entry_on)
        IS DISTINCT FROM (f.paid_cents, f.credited_cents, f.last_entry_on);
END
$$;
--> statement-breakpoint
CREATE FUNCTION invoice_balance_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_invoice_balance(OLD.invoice_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id) THEN
    PERFORM refresh_invoice_balance(NEW.invoice_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION invoice_balance_of_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A payment reversed (or its reversal changed) moves every invoice it was applied to, locked in id order.
  PERFORM refresh_invoice_balance(pa.invoice_id)
    FROM (SELECT DISTINCT invoice_id FROM payment_applications WHERE payment_id = NEW.id ORDER BY invoice_id) pa;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION invoice_balance_of_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_invoice_balance(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE VIEW payment_credit_facts AS
  -- Per payment: what it applied (whatever the day), and the latest of its receipt, reversal and applications.
  SELECT p.id AS payment_id, coalesce(sum(pa.amount_cents), 0)::int AS applied_cents,
    greatest(p.received_on, p.reversed_on, max(pa.applied_on)) AS last_entry_on
  FROM payments p LEFT JOIN payment_applications pa ON pa.payment_id = p.id
  GROUP BY p.id;
--> statement-breakpoint
CREATE FUNCTION refresh_payment_credit(payment uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Serialized by the payment's row lock (the one applying or reversing it takes it first).
  PERFORM 1 FROM payments WHERE id = payment FOR UPDATE;
  UPDATE payments p SET applied_cents = f.applied_cents, last_entry_on = f.last_entry_on
    FROM payment_credit_facts f
    WHERE f.payment_id = payment AND p.id = payment
      AND (p.applied_cents, p.last_entry_on) IS DISTINCT FROM (f.applied_cents, f.last_entry_on);
END
$$;
--> statement-breakpoint
CREATE FUNCTION payment_credit_of_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_payment_credit(OLD.payment_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.payment_id IS DISTINCT FROM OLD.payment_id) THEN
    PERFORM refresh_payment_credit(NEW.payment_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION payment_credit_of_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_payment_credit(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rebuild_invoice_balances() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Every invoice's and payment's figures again in one pass (after a bulk load with the triggers disabled), with writes held
  -- back meanwhile.
  LOCK TABLE invoices, payments IN SHARE ROW EXCLUSIVE MODE;
  UPDATE invoices i SET paid_cents = f.paid_cents, credited_cents = f.credited_cents, last_entry_on = f.last_entry_on
    FROM invoice_balance_facts f
    WHERE f.invoice_id = i.id
      AND (i.paid_cents, i.credited_cents, i.last_entry_on)
        IS DISTINCT FROM (f.paid_cents, f.credited_cents, f.last_entry_on);
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
CREATE INDEX "payments_unapplied_idx" ON "payments" USING btree ("last_entry_on") WHERE "payments"."unapplied_cents" <> 0;--> statement-breakpoint
CREATE INDEX "payments_last_entry_idx" ON "payments" USING btree ("last_entry_on","received_on");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("last_entry_on","due_date","company_id","balance_cents") WHERE "invoices"."balance_cents" <> 0;--> statement-breakpoint
CREATE INDEX "invoices_last_entry_idx" ON "invoices" USING btree ("last_entry_on","issue_date");
--> statement-breakpoint
-- Deferred to the commit (as the claims' facts, decision 025): an invoice and what settles it written in one
-- transaction are read once, with every row in place. The invoices trigger fires only on the dates it reads;
-- the cache's own updates change none of them.
CREATE CONSTRAINT TRIGGER invoice_balance_of_applications
  AFTER INSERT OR DELETE OR UPDATE OF invoice_id, payment_id, amount_cents, applied_on
  ON payment_applications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_balance_of_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoice_balance_of_credit_notes
  AFTER INSERT OR DELETE OR UPDATE OF invoice_id, amount_cents, issued_on
  ON credit_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_balance_of_rows();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoice_balance_of_payments
  AFTER UPDATE OF reversed_at, reversed_on
  ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_balance_of_payments();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoice_balance_of_invoices
  AFTER INSERT OR UPDATE OF issue_date, voided_on
  ON invoices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_balance_of_invoices();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_credit_of_applications
  AFTER INSERT OR DELETE OR UPDATE OF payment_id, amount_cents, applied_on
  ON payment_applications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_credit_of_applications();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_credit_of_payments
  AFTER INSERT OR UPDATE OF received_on, reversed_on
  ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_credit_of_payments();
