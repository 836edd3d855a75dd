/**
 * The bare server's answers to the claims' and the dashboard's reads: the claims list, a claim's page, the
 * dashboard's figures and activity (bare-twins.ts says how).
 */
import type pg from 'pg';
import { formatClaimNumber, CLAIMS_COUNT_CAP } from '../src/shared/claims.js';
import type { UserActor } from '../src/server/actor.js';
import { encodeCursor, movesFor } from '../src/server/modules/claims/index.js';
import { summaryOf, type SummaryCount } from '../src/server/modules/dashboard/index.js';

type Row = unknown[];
type Results = pg.QueryResult<Row>[];

/** What a twin knows of the request besides the rows. */
export interface TwinRequest {
  query: URLSearchParams;
  actor: UserActor;
  today: string;
}

export interface Twin {
  /** The app's route, as Fastify writes it. */
  route: string;
  present: (results: Results, request: TwinRequest) => unknown;
}

export const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
export const person = (id: unknown, username: unknown, name: unknown) =>
  id && username ? { id, username, name: name ?? username } : null;

/** Where a claim list item's columns are in a statement's rows (`vehicle`: its id, then the six the list shows). */
interface ItemColumns {
  id: number;
  number: number;
  workflow: number;
  status: number;
  priority: number;
  companyId: number;
  assigneeId: number;
  lossDate: number;
  eta: number;
  reportedByName: number;
  insurerClaimNumber: number;
  estimate: number;
  approved: number;
  final: number;
  statusChangedAt: number;
  createdAt: number;
  updatedAt: number;
  vehicle: number;
  names: number;
  downtimeDays: number;
}

/** In a claims list row (`selectClaimListRows`): the page's columns, the vehicle's, the names, the downtime. */
const LIST_ROW: ItemColumns = {
  ...{
    id: 0,
    number: 1,
    workflow: 2,
    status: 3,
    priority: 4,
    companyId: 5,
    assigneeId: 6,
    lossDate: 7,
    eta: 8,
  },
  ...{ reportedByName: 9, insurerClaimNumber: 10, estimate: 11, approved: 12, final: 13 },
  ...{ statusChangedAt: 14, createdAt: 15, updatedAt: 16, vehicle: 17, names: 24, downtimeDays: 29 },
};

/** A claim's list item (`presentClaimListItem`) from the columns at `at`. */
function claimListItem(row: Row, at: ItemColumns = LIST_ROW) {
  const v = at.vehicle;
  const n = at.names;
  return {
    id: row[at.id],
    // A bigint: node-postgres gives its text.
    number: Number(row[at.number]),
    claimNumber: formatClaimNumber(Number(row[at.number])),
    workflow: row[at.workflow],
    status: row[at.status],
    priority: row[at.priority],
    companyId: row[at.companyId],
    companyName: row[n],
    locationName: row[n + 1],
    facilityName: row[n + 2],
    assignee: person(row[at.assigneeId], row[n + 3], row[n + 4]),
    vehicle: {
      id: row[v],
      unitNumber: row[v + 1],
      vin: row[v + 2],
      year: row[v + 3],
      make: row[v + 4],
      model: row[v + 5],
      plate: row[v + 6],
    },
    lossDate: row[at.lossDate],
    eta: row[at.eta],
    reportedByName: row[at.reportedByName],
    insurerClaimNumber: row[at.insurerClaimNumber],
    downtimeDays: row[at.downtimeDays],
    estimateAmountCents: row[at.estimate],
    approvedAmountCents: row[at.approved],
    finalAmountCents: row[at.final],
    statusChangedAt: iso(row[at.statusChangedAt]),
    createdAt: iso(row[at.createdAt]),
    updatedAt: iso(row[at.updatedAt]),
  };
}

export const claimList: Twin = {
  route: '/api/vehicles',
  present: ([page, count], { query }) => {
    const pageSize = Number(query.get('pageSize') ?? 25);
    const pageNumber = Number(query.get('page') ?? 1);
    const rows = page!.rows;
    // A filter known to pass the count cap is not counted: its rows carry 0 (the app's `cappedFilters`). A page
    // past the end has no row to carry the count, which is then asked on its own.
    const carried = rows[0]?.[31] as number | undefined;
    const counted =
      carried === undefined
        ? ((count?.rows[0]?.[0] as number | undefined) ?? 0)
        : carried || CLAIMS_COUNT_CAP + 1;
    const items = rows.slice(0, pageSize);
    const last = items.at(-1);
    return {
      items: items.map((row) => claimListItem(row)),
      total: Math.min(counted, CLAIMS_COUNT_CAP),
      totalCapped: counted > CLAIMS_COUNT_CAP,
      page: pageNumber,
      pageSize,
      nextCursor: rows.length > pageSize && last ? encodeCursor(last[30] as string, last[0] as string) : null,
    };
  },
};

/** The claim page's statement: the claim's 50 columns, its vehicle's 14, then names and the reader's facts. */
const C = { vehicle: 50, names: 64, facts: 71 } as const;
/** Where the list item's columns are in the claim page's row (its vehicle's are overwritten by the page's). */
const PAGE_ROW: ItemColumns = {
  ...{
    id: 0,
    number: 1,
    workflow: 5,
    status: 6,
    priority: 10,
    companyId: 3,
    assigneeId: 21,
    lossDate: 13,
    eta: 33,
  },
  ...{ reportedByName: 14, insurerClaimNumber: 23, estimate: 29, approved: 30, final: 31 },
  ...{
    statusChangedAt: 8,
    createdAt: 48,
    updatedAt: 49,
    vehicle: C.vehicle,
    names: C.names,
    downtimeDays: C.facts,
  },
};
export const claimPage: Twin = {
  route: '/api/vehicles/:id',
  present: ([result], { actor }) => {
    const r = result!.rows[0]!;
    const v = C.vehicle;
    const n = C.names;
    const f = C.facts;
    const moves = movesFor(actor, {
      companyId: r[3],
      workflow: r[5],
      status: r[6],
      statusBeforeHold: r[7],
      pendingAuthorization: r[f + 4],
    } as Parameters<typeof movesFor>[1]);
    return {
      ...claimListItem(r, PAGE_ROW),
      vehicle: {
        id: r[v],
        companyId: r[v + 1],
        locationId: r[v + 2],
        unitNumber: r[v + 3],
        vin: r[v + 4],
        year: r[v + 5],
        make: r[v + 6],
        model: r[v + 7],
        plate: r[v + 8],
        plateState: r[v + 9],
        color: r[v + 10],
        odometer: r[v + 11],
      },
      locationId: r[4],
      repairFacilityId: r[20],
      assigneeId: r[21],
      description: r[12],
      reportedByPhone: r[15],
      drivable: r[16],
      towRequired: r[17],
      rentalNeeded: r[18],
      odometerAtIntake: r[19],
      insurer: r[22],
      adjusterName: r[24],
      adjusterPhone: r[25],
      adjusterEmail: r[26],
      policyNumber: r[27],
      deductibleCents: r[28],
      firstEstimateCents: r[35],
      dropOffDate: r[32],
      completedAt: iso(r[41]),
      closedAt: iso(r[42]),
      tags: r[43],
      version: r[45],
      allowedTransitions: moves,
      watching: r[f + 3],
      shopUpdatedAt: iso(r[f + 5]),
      vehicleDown: r[f + 1],
      createdBy: person(r[46], r[n + 5], r[n + 6]),
    };
  },
};

/** The dashboard's figures: its calendar, the kept counts, and the reader's open claims, asked together. */
export const dashboardSummary: Twin = {
  route: '/api/dashboard/summary',
  present: ([calendar, counts, mine], { actor }) => {
    const [today, since, companies] = calendar!.rows[0]! as [string, string, number];
    return summaryOf(
      { today, since, companies },
      counts!.rows.map(([metric, workflow, status, claims, mineCount, seconds]) => ({
        metric,
        workflow,
        status,
        claims,
        mine: mineCount,
        seconds,
      })) as SummaryCount[],
      mine!.rows.map((row) => claimListItem(row)) as Parameters<typeof summaryOf>[2],
      actor.user.id,
    );
  },
};

/** The latest status changes in the reader's companies. */
export const dashboardActivity: Twin = {
  route: '/api/dashboard/activity',
  present: ([result]) => ({
    items: result!.rows.map((r) => ({
      id: r[0],
      claim: {
        id: r[7],
        claimNumber: formatClaimNumber(Number(r[8])),
        workflow: r[9],
        unitNumber: r[10],
        companyName: r[11],
      },
      fromStatus: r[1],
      toStatus: r[2],
      actor: person(r[3], r[12], r[13]),
      impersonator: person(r[4], r[14], r[15]),
      note: r[5],
      createdAt: iso(r[6]),
    })),
  }),
};
