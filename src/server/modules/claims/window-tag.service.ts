import { eq } from 'drizzle-orm';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import type { WindowTag } from '@shared/window-tag.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import type { Database } from '../../db/client.js';
import { claims, repairFacilities, vehicles } from '../../db/schema/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Window tag not found';

/** The few fields a window tag prints; nothing else of the claim is read. */
export async function windowTag(db: Database, id: string): Promise<WindowTag> {
  // Anyone may ask, so a malformed id is simply not found (no hint about what ids look like).
  if (!UUID.test(id)) throw new AppError('not_found', NOT_FOUND);
  const [row] = await db
    .select({
      number: claims.number,
      unitNumber: vehicles.unitNumber,
      vin: vehicles.vin,
      facilityName: repairFacilities.name,
      status: claims.status,
      workflow: claims.workflow,
      eta: claims.eta,
    })
    .from(claims)
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .leftJoin(repairFacilities, eq(repairFacilities.id, claims.repairFacilityId))
    .where(eq(claims.id, id));
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return {
    claimNumber: formatClaimNumber(row.number),
    unitNumber: row.unitNumber,
    vinLast8: row.vin.slice(-8),
    facilityName: row.facilityName,
    status: row.status,
    statusLabel: STATUS_LABELS[row.status],
    workflow: row.workflow,
    eta: row.eta,
  };
}
