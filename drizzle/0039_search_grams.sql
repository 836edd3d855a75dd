-- A search word of six characters or more is found through the grams of the claims' search text (issue 30, decision
-- 042): each word of the text cut into every run of six characters. A VIN's last six are one gram with a handful of
-- claims at a million claims, where their trigrams list tens of thousands each, every one to be checked against the
-- row. The length is SEARCH_GRAM_LENGTH (src/server/db/search-grams.ts); a test keeps the two equal.
-- Building the index reads every claim (3.3 min at a million on the 2-core machine): longer than the 30-second
-- statement timeout the app's connections carry, so this migration lifts it for its own transaction.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE FUNCTION claim_search_grams(words text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT substr(word, start, 6)), '{}')
    FROM string_to_table(words, ' ') AS word, generate_series(1, length(word) - 5) AS start
  $$;--> statement-breakpoint
CREATE INDEX "claims_search_grams_idx" ON "claims" USING gin (claim_search_grams("search_text"));--> statement-breakpoint
-- The planner's statistics of the new index's grams (how often each occurs): without them it guesses, and once read
-- every claim of a common word through the index instead of the newest claims in order. ANALYZE gathers them.
ANALYZE "claims";
