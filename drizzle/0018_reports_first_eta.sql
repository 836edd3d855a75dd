ALTER TABLE "claims" ADD COLUMN "first_eta" date;--> statement-breakpoint
-- The first ETA a claim was given: the repair facility scorecard's on-time rate measures completion against it.
-- Kept here, whatever writes the ETA (the claim form, an integration, a seed).
UPDATE "claims" SET "first_eta" = "eta" WHERE "eta" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION claims_keep_first_eta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_eta IS NULL AND NEW.eta IS NOT NULL THEN
    NEW.first_eta := NEW.eta;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER claims_keep_first_eta BEFORE INSERT OR UPDATE OF eta, first_eta ON "claims"
  FOR EACH ROW EXECUTE FUNCTION claims_keep_first_eta();
