import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { ListUsersQuery, RegisterRequest, UpdateUserRequest } from '@shared/users.js';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { isUniqueViolation } from '../../db/errors.js';
import { companies, userCompanies, users } from '../../db/schema/index.js';
import { selfChangeRefusal } from './users.policy.js';
import { recordAudit } from '../audit/index.js';
import { hashPassword, deleteUserSessions, type UserRow } from '../auth/index.js';
import { companyIdsByUser } from './user-companies.service.js';

const USERNAME_TAKEN = 'That username is already taken';
const EMAIL_TAKEN = 'A user with this email already exists';

function duplicateError(error: unknown): AppError | null {
  if (isUniqueViolation(error, 'users_username_key')) {
    return new AppError('conflict', USERNAME_TAKEN, { fieldErrors: { username: [USERNAME_TAKEN] } });
  }
  if (isUniqueViolation(error, 'users_email_key')) {
    return new AppError('conflict', EMAIL_TAKEN, { fieldErrors: { email: [EMAIL_TAKEN] } });
  }
  return null;
}

async function assertCompaniesExist(db: Database, companyIds: string[]) {
  if (companyIds.length === 0) return;
  const found = await db
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.id, companyIds));
  if (found.length !== new Set(companyIds).size) {
    throw new AppError('validation', 'One of the chosen companies does not exist', {
      fieldErrors: { companyIds: ['One of the chosen companies does not exist'] },
    });
  }
}

async function setUserCompanies(db: Database, userId: string, companyIds: string[]) {
  await db.delete(userCompanies).where(eq(userCompanies.userId, userId));
  const unique = [...new Set(companyIds)];
  if (unique.length)
    await db.insert(userCompanies).values(unique.map((companyId) => ({ userId, companyId })));
}

/** Creates a user who must change the password at first login. */
export async function createUser(
  db: Database,
  actor: Actor,
  input: RegisterRequest & { password?: string },
): Promise<UserRow> {
  await assertCompaniesExist(db, input.companyIds ?? []);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          passwordHash: input.password ? await hashPassword(input.password) : null,
          mustChangePassword: true,
        })
        .returning();
      await setUserCompanies(tx, user!.id, input.companyIds ?? []);
      await recordAudit(tx, actor, {
        action: 'user.created',
        entityType: 'user',
        entityId: user!.id,
        after: { username: user!.username, role: user!.role, companyIds: input.companyIds ?? [] },
      });
      return user!;
    });
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

export async function getUser(db: Database, id: string): Promise<{ user: UserRow; companyIds: string[] }> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('not_found', 'User not found');
  const companyIds = (await companyIdsByUser(db, [id])).get(id) ?? [];
  return { user, companyIds };
}

export async function listUsers(db: Database, query: ListUsersQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.active) conditions.push(eq(users.active, query.active === 'true'));
  if (query.companyId) {
    conditions.push(
      inArray(
        users.id,
        db
          .select({ id: userCompanies.userId })
          .from(userCompanies)
          .where(eq(userCompanies.companyId, query.companyId)),
      ),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await selectPage(
    db,
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.username})`))
      .$dynamic(),
    { table: users, where },
    query,
  );
  const companyIds = await companyIdsByUser(
    db,
    rows.map((row) => row.id),
  );
  return { rows, companyIds, total };
}

/** Updates names, email, role, companies or the active flag; deactivation ends the user's sessions. */
export async function updateUser(db: Database, actor: Actor, id: string, patch: UpdateUserRequest) {
  const before = await getUser(db, id);
  const refusal = selfChangeRefusal(actorUserId(actor), id, patch);
  if (refusal) throw refusal;
  if (patch.companyIds) await assertCompaniesExist(db, patch.companyIds);
  try {
    await db.transaction(async (tx) => {
      const { companyIds, ...columns } = patch;
      if (Object.keys(columns).length) {
        await tx
          .update(users)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(users.id, id));
      }
      if (companyIds) await setUserCompanies(tx, id, companyIds);
      if (patch.active === false) await deleteUserSessions(tx, id);
      const changes: [string, unknown, unknown][] = [];
      if (patch.role !== undefined && patch.role !== before.user.role)
        changes.push(['user.role_changed', before.user.role, patch.role]);
      if (patch.active !== undefined && patch.active !== before.user.active) {
        changes.push([
          patch.active ? 'user.activated' : 'user.deactivated',
          before.user.active,
          patch.active,
        ]);
      }
      if (companyIds && [...companyIds].sort().join() !== [...before.companyIds].sort().join()) {
        changes.push(['user.companies_changed', before.companyIds, companyIds]);
      }
      const profile = ['firstName', 'lastName', 'email'] as const;
      if (profile.some((key) => patch[key] !== undefined && patch[key] !== before.user[key])) {
        changes.push([
          'user.updated',
          Object.fromEntries(profile.map((key) => [key, before.user[key]])),
          Object.fromEntries(profile.map((key) => [key, patch[key] ?? before.user[key]])),
        ]);
      }
      for (const [action, from, to] of changes) {
        await recordAudit(tx, actor, { action, entityType: 'user', entityId: id, before: from, after: to });
      }
    });
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
  return getUser(db, id);
}
