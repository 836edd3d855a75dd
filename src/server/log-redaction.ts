/**
 * Secrets that travel in an address and must not reach a log line: the single-use token of a reset or
 * set-password (invitation) link, in the SPA's path `/reset-password/<token>` and the API's
 * `/api/auth/verify-reset-token/<token>`, a claim pack link's `/claim-packs/<token>` and a shop link's `/shop/<token>` (pages; `/api/shop-links/<token>` for the API), a vehicle's report link `/report/<token>` (`/api/report-links/<token>`) and a driver's report's photo key (`/api/report-uploads/<key>`), and the `code` and `state` of a Google sign-in callback (or any
 * `token` query parameter), and an API token anywhere. The window tag's address holds only the claim's id, which every claim request logs.
 */
const TOKEN_IN_PATH =
  /(\/(?:reset-password|verify-reset-token|claim-packs|shop|shop-links|report|report-links|report-uploads)\/)[^/?#\s"'\\]+/gi;
const SECRET_IN_QUERY = /([?&](?:code|state|token)=)[^&#\s"'\\]*/gi;
/** An API token wherever it appears (its prefix is `API_TOKEN_PREFIX` of @shared/api-tokens). */
const API_TOKEN = /\bfct_[A-Za-z0-9_-]{8,}/g;

export const REDACTED = '[redacted]';

/** `text` (a URL, a message, a whole JSON log line) with those secrets replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text
    .replace(TOKEN_IN_PATH, `$1${REDACTED}`)
    .replace(SECRET_IN_QUERY, `$1${REDACTED}`)
    .replace(API_TOKEN, `fct_${REDACTED}`);
}
