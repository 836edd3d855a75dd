import { eq, inArray } from 'drizzle-orm';
import { canWorkOnClaimsOf } from '@shared/claims.policy.js';
import { AppError } from '@shared/errors.js';
import type { Database } from '../../db/client.js';
import { locations, repairFacilities, users } from '../../db/schema/index.js';
import { companyIdsByUser } from '../users/index.js';

/** Those of `userIds` who may work on the company's claims (`canWorkOnClaimsOf`): an assignee, a mention. */
export async function usersWhoCanSee(
  db: Database,
  companyId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id, role: users.role, active: users.active })
    .from(users)
    .where(inArray(users.id, userIds));
  const linked = await companyIdsByUser(
    db,
    rows.map((row) => row.id),
  );
  const workers = rows.filter((row) =>
    canWorkOnClaimsOf({ ...row, companyIds: linked.get(row.id) ?? [] }, companyId),
  );
  return new Set(workers.map((row) => row.id));
}

/** Location, facility and assignee must exist and belong with the claim's company. */
export async function checkReferences(
  db: Database,
  companyId: string,
  values: { locationId?: string | null; repairFacilityId?: string | null; assigneeId?: string | null },
) {
  if (values.locationId) {
    const [location] = await db
      .select({ companyId: locations.companyId })
      .from(locations)
      .where(eq(locations.id, values.locationId));
    if (!location || location.companyId !== companyId) {
      throw new AppError('validation', 'That location does not belong to the claim’s company', {
        fieldErrors: { locationId: ['That location does not belong to the claim’s company'] },
      });
    }
  }
  if (values.repairFacilityId) {
    const [facility] = await db
      .select({ id: repairFacilities.id })
      .from(repairFacilities)
      .where(eq(repairFacilities.id, values.repairFacilityId));
    if (!facility) {
      throw new AppError('validation', 'That repair facility does not exist', {
        fieldErrors: { repairFacilityId: ['That repair facility does not exist'] },
      });
    }
  }
  if (
    values.assigneeId &&
    !(await usersWhoCanSee(db, companyId, [values.assigneeId])).has(values.assigneeId)
  ) {
    throw new AppError(
      'validation',
      'The assignee must be an active user who can see this company’s claims',
      {
        fieldErrors: {
          assigneeId: ['The assignee must be an active user who can see this company’s claims'],
        },
      },
    );
  }
}
