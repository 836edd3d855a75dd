import { z } from 'zod';
import { claimFilterSchema, type ClaimFilterKey } from './claim-filter.js';
import { PRIORITIES } from './claims.js';
import {
  allowedTransitions,
  CLAIM_STATUSES,
  isOpenStatus,
  STATUS_LABELS,
  WORKFLOW_PATH,
  WORKFLOWS,
  type ClaimStatus,
  type Workflow,
} from './workflows.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stale: in the same status for `staleAfterDays` days or more, counted from when the claim entered it
 * (`statusChangedAt`), whatever was updated since. The server counts the same in SQL (claim-board.service.ts);
 * a card that shows "7 d" has been in its status 7 whole days.
 */
export function isStaleSince(statusChangedAt: string, staleAfterDays: number, now: number): boolean {
  return now - Date.parse(statusChangedAt) >= staleAfterDays * DAY_MS;
}

/** What stale means, as the board states it and Help quotes it: "Stale: 7+ days in the same status". */
export function staleRule(staleAfterDays: number): string {
  return `Stale: ${staleAfterDays}+ ${staleAfterDays === 1 ? 'day' : 'days'} in the same status`;
}

/** Cards per column in the first answer and in each "load more". */
export const BOARD_PAGE_SIZE = 25;
export const BOARD_PAGE_SIZE_MAX = 100;

/**
 * The columns of a workflow's board: its open statuses in the order work flows, a side state right after the
 * status it leaves from (supplement after repair, declined after the authorization request), on hold last.
 */
export function boardStatuses(workflow: Workflow): ClaimStatus[] {
  const columns: ClaimStatus[] = [];
  for (const status of WORKFLOW_PATH[workflow]) {
    if (!isOpenStatus(status)) continue;
    columns.push(status);
    for (const side of allowedTransitions(workflow, status)) {
      const offPath = !WORKFLOW_PATH[workflow].includes(side) && side !== 'on_hold';
      if (offPath && isOpenStatus(side) && !columns.includes(side)) columns.push(side);
    }
  }
  columns.push('on_hold');
  return columns;
}

/** The All Claims filters the board takes (its columns are the statuses; every claim on it is open). */
export const BOARD_FILTER_KEYS = {
  companyId: true,
  locationId: true,
  repairFacilityId: true,
  assigneeId: true,
} as const satisfies Partial<Record<ClaimFilterKey, true>>;

/** `GET /api/claim-board`: the open claims of one workflow, by status, with the same filters as All Claims. */
export const claimBoardQuerySchema = z
  .object({
    workflow: z.enum(WORKFLOWS, { message: 'Choose collision or mechanical' }),
    ...claimFilterSchema.pick(BOARD_FILTER_KEYS).shape,
    status: z
      .enum(CLAIM_STATUSES, { message: 'Unknown status' })
      .optional()
      .describe('One column only: with cursor, its next cards'),
    cursor: z
      .string()
      .max(300)
      .optional()
      .describe('A column’s nextCursor from a previous answer (needs status)'),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(BOARD_PAGE_SIZE_MAX)
      .default(BOARD_PAGE_SIZE)
      .describe('Cards per column'),
  })
  .superRefine((query, context) => {
    if (query.cursor && !query.status) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'A cursor belongs to one column: give its status',
      });
    }
    if (query.status && !boardStatuses(query.workflow).includes(query.status)) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: `${STATUS_LABELS[query.status]} is not a column of the ${query.workflow} board`,
      });
    }
  });
export type ClaimBoardQuery = z.output<typeof claimBoardQuerySchema>;

const person = z.object({ id: z.uuid(), username: z.string(), name: z.string() }).nullable();

/** What a card shows, and what moving it needs (version, allowed moves). */
export const claimBoardCardSchema = z.object({
  id: z.uuid(),
  claimNumber: z.string().describe('CLM-000123'),
  workflow: z.enum(WORKFLOWS),
  status: z.enum(CLAIM_STATUSES),
  priority: z.enum(PRIORITIES),
  companyName: z.string(),
  locationName: z.string().nullable(),
  facilityName: z.string().nullable(),
  assignee: person,
  vehicle: z.object({
    unitNumber: z.string(),
    year: z.number().int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
  }),
  eta: z.string().nullable(),
  statusChangedAt: z.iso
    .datetime({ offset: true })
    .describe('When the claim entered its status; staleAfterDays or more before now is stale'),
  updatedAt: z.iso.datetime({ offset: true }).describe('Last change of any kind'),
  version: z.number().int().describe('Send with a move'),
  allowedTransitions: z.array(z.enum(CLAIM_STATUSES)).describe('Where the caller may move it now'),
  finalCostPrefillCents: z
    .number()
    .int()
    .nullable()
    .describe('What the Completed move offers as the final cost (`finalCostPrefill`, decision 038)'),
  shopQuietSince: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe(
      'The shop’s last update through its shop link, when that is shopQuietDays or more ago (`isShopQuiet`); else null',
    ),
});
export type ClaimBoardCard = z.infer<typeof claimBoardCardSchema>;

export const claimBoardColumnSchema = z.object({
  status: z.enum(CLAIM_STATUSES),
  count: z.number().int().describe('Open claims in this status matching the filters'),
  staleCount: z.number().int().describe('Of those, in this status for staleAfterDays days or more'),
  items: z.array(claimBoardCardSchema).describe('Longest in this status first'),
  nextCursor: z.string().nullable().describe('Pass with status for the next cards; null when all are here'),
});
export type ClaimBoardColumn = z.infer<typeof claimBoardColumnSchema>;

export const claimBoardSchema = z.object({
  workflow: z.enum(WORKFLOWS),
  staleAfterDays: z.number().int().describe('A claim in the same status for this many days or more is stale'),
  columns: z.array(claimBoardColumnSchema).describe('Every column of the workflow, or the one asked for'),
});
export type ClaimBoard = z.infer<typeof claimBoardSchema>;
