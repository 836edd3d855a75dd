/**
 * The demo's drivers' reports (issue 32, used by seed-demo.ts): the newest vehicles have report links (sealed with
 * SECRETS_KEY when there is one, so their cards print), and reports in every state came through them: new ones
 * waiting in Driver Reports, one a claim was opened from, one attached to the vehicle's open claim, one dismissed.
 * The first link's address is printed, so that whoever runs the demo can send a report from a phone.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import { isOpenStatus } from '../src/shared/workflows.js';
import type { DriverReportKind } from '../src/shared/driver-reports.js';
import type { Config } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import {
  claims,
  driverReports,
  userCompanies,
  users,
  vehicleReportLinks,
  vehicles,
} from '../src/server/db/schema/index.js';
import { createLogger } from '../src/server/logger.js';
import { hashToken } from '../src/server/modules/auth/index.js';
import { sealSecret } from '../src/server/secret-box.js';
import { settleSecretsKey } from '../src/server/secrets-key.js';
import type { RandomStream } from './seed-demo-random.js';

type ClaimRow = typeof claims.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
const HOUR = 3_600_000;
const LINKED_VEHICLES = 12;

const DRIVERS = ['Dana Reyes', 'Luis Ortega', 'Priya Shah', 'Marcus Bell', 'Hannah Kim', 'Omar Haddad'];
const NEW_REPORTS: { kind: DriverReportKind; description: string; drivable: boolean; injuries: boolean }[] = [
  {
    kind: 'accident',
    description: 'A car pulled out of the gas station and hit the front passenger door.',
    drivable: true,
    injuries: false,
  },
  {
    kind: 'damage_found',
    description: 'Found a long scratch and a dent on the driver side this morning; it was fine yesterday.',
    drivable: true,
    injuries: false,
  },
  {
    kind: 'breakdown',
    description: 'Engine light came on and the van lost power on the highway; pulled over on the shoulder.',
    drivable: false,
    injuries: false,
  },
  {
    kind: 'glass',
    description: 'A stone from a gravel truck cracked the windshield; the crack is growing.',
    drivable: true,
    injuries: false,
  },
];

/** Seeds the links and reports into the demo's database (its claims already there); answers a link to try. */
export async function seedDemoDriverReports(config: Config, db: Database, stream: RandomStream) {
  // The key the app reads the links' tokens with: made in DATA_DIR on the embedded database, as at start.
  const { secretsKey } = await settleSecretsKey(config, db, createLogger({ logLevel: 'warn' }));
  const vehicleRows = (await db.select().from(vehicles).orderBy(desc(vehicles.unitNumber))).slice(
    0,
    LINKED_VEHICLES,
  );
  const claimRows = await db
    .select()
    .from(claims)
    .where(
      inArray(
        claims.vehicleId,
        vehicleRows.map((vehicle) => vehicle.id),
      ),
    )
    .orderBy(desc(claims.number));
  const managers = await db
    .select({ id: users.id, companyId: userCompanies.companyId })
    .from(users)
    .innerJoin(userCompanies, eq(userCompanies.userId, users.id))
    .where(eq(users.role, 'manager'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  const managerOf = (companyId: string) =>
    managers.find((row) => row.companyId === companyId)?.id ?? admin!.id;
  const { links, reports, tryToken } = demoDriverReports(
    stream,
    vehicleRows,
    claimRows,
    managerOf,
    secretsKey,
  );
  if (links.length) await db.insert(vehicleReportLinks).values(links);
  if (reports.length) await db.insert(driverReports).values(reports);
  return tryToken ? `${config.appUrl}/report/${tryToken}` : null;
}

function demoDriverReports(
  { between, pick }: RandomStream,
  linked: readonly VehicleRow[],
  claimRows: readonly ClaimRow[],
  managerOf: (companyId: string) => string,
  secretsKey: Buffer | undefined,
) {
  const links: (typeof vehicleReportLinks.$inferInsert)[] = [];
  const reports: (typeof driverReports.$inferInsert)[] = [];
  let tryToken: string | null = null;
  const linkOf = new Map<string, string>();
  for (const vehicle of linked) {
    const token = randomBytes(24).toString('base64url');
    tryToken ??= token;
    const id = crypto.randomUUID();
    linkOf.set(vehicle.id, id);
    links.push({
      id,
      vehicleId: vehicle.id,
      tokenHash: hashToken(token),
      tokenSealed: secretsKey ? sealSecret(secretsKey, token) : null,
      createdAt: new Date(Date.now() - between(20, 60) * 24 * HOUR),
      reports: 0,
    });
  }
  const base = (vehicle: VehicleRow, createdAt: Date) => ({
    companyId: vehicle.companyId!,
    vehicleId: vehicle.id!,
    linkId: linkOf.get(vehicle.id!)!,
    occurredOn: new Date(createdAt.getTime() - 2 * HOUR).toISOString().slice(0, 10),
    occurredTime: `${String(between(6, 18)).padStart(2, '0')}:${pick(['05', '20', '35', '50'])}`,
    place: pick([
      'Depot yard, bay 4',
      'I-90 eastbound near exit 12',
      'Customer site, 410 Lake St',
      'Gas station on Route 9',
    ]),
    otherPartyName: null,
    otherPartyPlate: null,
    otherPartyInsurer: null,
    otherPartyPolicy: null,
    driverName: pick(DRIVERS),
    driverPhone: `(555) 010-${String(between(1000, 9999))}`,
    driverEmail: null,
    uploadKeyHash: hashToken(randomBytes(24).toString('base64url')),
    // Every column named: the bulk load takes no default.
    status: 'new' as const,
    createdAt,
  });
  // New ones, from the last two days.
  NEW_REPORTS.forEach((report, index) => {
    const vehicle = linked[index % linked.length]!;
    const createdAt = new Date(Date.now() - between(1, 48) * HOUR);
    reports.push({
      ...base(vehicle, createdAt),
      ...report,
      ...(report.kind === 'accident'
        ? {
            otherPartyName: 'Jordan Lee',
            otherPartyPlate: 'KX-4410',
            otherPartyInsurer: 'Northwind Mutual',
            otherPartyPolicy: 'NW-99812',
            policeReportNumber: 'PR-2026-5531',
          }
        : {}),
    });
  });
  // Handled ones: a claim opened from one, one attached to an open claim, one dismissed.
  const openClaims = claimRows.filter((claim) => linkOf.has(claim.vehicleId!) && isOpenStatus(claim.status!));
  const opened = openClaims[0];
  const attachedTo = openClaims.find((claim) => claim !== opened);
  if (opened) {
    const vehicle = linked.find((row) => row.id === opened.vehicleId)!;
    const createdAt = new Date(opened.createdAt!.getTime() - HOUR);
    reports.push({
      ...base(vehicle, createdAt),
      kind: opened.workflow === 'mechanical' ? 'breakdown' : 'accident',
      description: opened.description!,
      drivable: opened.drivable ?? true,
      injuries: false,
      status: 'claim_opened',
      claimId: opened.id!,
      handledById: managerOf(opened.companyId!),
      handledAt: opened.createdAt!,
    });
  }
  if (attachedTo) {
    const vehicle = linked.find((row) => row.id === attachedTo.vehicleId)!;
    const createdAt = new Date(Date.now() - between(50, 90) * HOUR);
    reports.push({
      ...base(vehicle, createdAt),
      kind: 'damage_found',
      description: 'Same dent as the open claim, now the mirror is loose too.',
      drivable: true,
      injuries: false,
      status: 'attached',
      claimId: attachedTo.id!,
      handledById: managerOf(attachedTo.companyId!),
      handledAt: new Date(createdAt.getTime() + 3 * HOUR),
    });
  }
  const dismissedVehicle = linked.at(-1)!;
  const dismissedAt = new Date(Date.now() - between(60, 120) * HOUR);
  reports.push({
    ...base(dismissedVehicle, dismissedAt),
    kind: 'damage_found',
    description: 'Test report from the new driver orientation.',
    drivable: true,
    injuries: false,
    status: 'dismissed',
    dismissReason: 'A test during driver orientation, nothing to repair',
    handledById: managerOf(dismissedVehicle.companyId!),
    handledAt: new Date(dismissedAt.getTime() + HOUR),
  });
  // Numbered in the order they came in.
  reports.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  for (const link of links) link.reports = reports.filter((report) => report.linkId === link.id).length;
  return { links, reports, tryToken };
}
