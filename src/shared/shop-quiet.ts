/**
 * A repair shop gone quiet (issue 32): sent a shop link, it has not updated its claim for the setting
 * `shopQuietDays`. Apart from the shop link's schemas, so that the board draws without them.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A shop that has not updated its claim for `quietDays` days or more (since its link was sent, if never). */
export function isShopQuiet(shopUpdatedAt: string, quietDays: number, now: number): boolean {
  return now - Date.parse(shopUpdatedAt) >= quietDays * DAY_MS;
}

/** What the board says of a quiet shop: "Shop quiet 4 days". */
export function shopQuietLabel(shopUpdatedAt: string, now: number): string {
  const days = Math.floor((now - Date.parse(shopUpdatedAt)) / DAY_MS);
  return `Shop quiet ${days} ${days === 1 ? 'day' : 'days'}`;
}
