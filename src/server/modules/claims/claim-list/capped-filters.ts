/**
 * The claims list's filters (shape and values) that matched more than the count cap ("100+") a moment ago. Such a
 * filter's next pages, refetches and repeats are served without counting again (decision 022): more than a hundred
 * matches stay more than a hundred for a while, and a stale "100+" is the only thing a user could see (for at
 * most `ttlMs` after the matches fell to a hundred or fewer). A count under the cap is never remembered: it is
 * cheap (the filter's rows end before the cap) and a user who adds a claim sees it change at once.
 */
export class CappedFilters {
  /** Key → when its "100+" expires (ms since the epoch). Oldest first, as a Map keeps insertion order. */
  private readonly expires = new Map<string, number>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `key` matched more than the cap within the last `ttlMs`. */
  has(key: string): boolean {
    const expires = this.expires.get(key);
    if (expires === undefined) return false;
    if (expires > this.now()) return true;
    this.expires.delete(key);
    return false;
  }

  remember(key: string): void {
    this.expires.delete(key);
    if (this.expires.size >= this.maxEntries) this.expires.delete(this.expires.keys().next().value!);
    this.expires.set(key, this.now() + this.ttlMs);
  }
}
