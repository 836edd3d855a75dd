/**
 * The length of the grams `claim_search_grams` (migration 0039, decision 042) cuts a claim's search text into. A
 * search word with a digit and this many characters or more is looked up by its last SEARCH_GRAM_LENGTH characters
 * (claim-filter.sql.ts). The SQL function writes the same number; a test checks that the two agree.
 */
export const SEARCH_GRAM_LENGTH = 6;
