import { and, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import { claims } from '../../../db/schema/index.js';
import type { FilterValues } from './claim-filter.sql.js';

/** Sortable columns and the SQL type a cursor value is cast back to. */
export const SORTS = {
  updatedAt: { column: claims.updatedAt, type: 'timestamptz' },
  createdAt: { column: claims.createdAt, type: 'timestamptz' },
  number: { column: claims.number, type: 'bigint' },
  lossDate: { column: claims.lossDate, type: 'date' },
  // Claims without an ETA come last whichever the direction.
  eta: { column: claims.eta, type: 'date', nullable: true },
  // In work order and from low to urgent (generated columns), not alphabetically.
  status: { column: claims.statusRank, type: 'integer' },
  priority: { column: claims.priorityRank, type: 'integer' },
  // Claims without the amount come last whichever the direction.
  estimateAmount: { column: claims.estimateAmountCents, type: 'integer', nullable: true },
  approvedAmount: { column: claims.approvedAmountCents, type: 'integer', nullable: true },
  finalAmount: { column: claims.finalAmountCents, type: 'integer', nullable: true },
} as const;

export type ClaimSort = (typeof SORTS)[keyof typeof SORTS];

/** A keyset position: the sort value (as text, exact) and the id after which the next page starts. */
export const encodeCursor = (value: string | null, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

export function decodeCursor(cursor: string): [string | null, string] {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if ((typeof value === 'string' || value === null) && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id))
      return [value, id];
  } catch {
    // answered below
  }
  throw new AppError('bad_request', STALE_CURSOR_MESSAGE);
}

export const STALE_CURSOR_MESSAGE = 'This page link is no longer valid; start again from the first page';

/** What a cursor's sort value looks like for each sort type, as PostgreSQL writes it (`::text`). */
const CURSOR_VALUE_PATTERNS: Record<(typeof SORTS)[keyof typeof SORTS]['type'], RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  bigint: /^\d{1,18}$/,
  integer: /^\d{1,9}$/,
};

/**
 * Keyset condition: rows after (value, id) in the sort order. Claims without a value (only an ETA can be missing)
 * come last in either direction, by id.
 */
export function afterCursor(
  sort: ClaimSort,
  descending: boolean,
  [value, id]: [string | null, string],
  values: FilterValues,
): SQL {
  const column = sort.column;
  const after = values.bind('cursorId', id);
  const laterId = descending ? lt(claims.id, after) : gt(claims.id, after);
  // Inside the block without a value, which is last: only its later ids.
  if (value === null) return values.flag('inNulls', and(sql`${column} is null`, laterId)!);
  // A value PostgreSQL cannot read as the sort's type is a tampered (or outdated) link, not a server error.
  if (!CURSOR_VALUE_PATTERNS[sort.type].test(value)) throw new AppError('bad_request', STALE_CURSOR_MESSAGE);
  const typed = sql`${values.bind('cursorValue', value)}::${sql.raw(sort.type)}`;
  const row = sql`(${column}, ${claims.id})`;
  const key = sql`(${typed}, ${after}::uuid)`;
  const later = descending ? sql`${row} < ${key}` : sql`${row} > ${key}`;
  return values.flag(
    descending ? 'descending' : 'ascending',
    'nullable' in sort ? or(later, sql`${column} is null`)! : later,
  );
}
