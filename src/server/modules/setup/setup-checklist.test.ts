import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SetupChecklist, SetupStep } from '@shared/setup-checklist.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { users } from '../../db/schema/index.js';

describe('setup checklist', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  // A new installation: its first administrator, without a name or an email as the first start makes it
  // (bootstrap-admin.ts), and nothing else.
  const first = await buildUser(db, { role: 'admin', firstName: null, lastName: null, email: null });
  const adminId = first.id;
  const admin = await loginAs(app, first);

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  async function done(cookie = admin): Promise<SetupStep[]> {
    const response = await call(cookie, 'GET', '/api/setup-checklist');
    expect(response.statusCode, response.body).toBe(200);
    const { steps } = response.json() as SetupChecklist;
    expect(steps.map((row) => row.step)).toEqual([
      'profile',
      'company',
      'location',
      'facility',
      'user',
      'claim',
    ]);
    return steps.filter((row) => row.done).map((row) => row.step);
  }
  const created = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };

  it('ticks each step from the data as the first administrator takes it, their own name and email first', async () => {
    expect(await done()).toEqual([]);
    // Only a name: the email that reset links and mentions need is still missing.
    await db.update(users).set({ firstName: 'Avery', lastName: 'Stone' }).where(eq(users.id, adminId));
    expect(await done()).toEqual([]);
    await db.update(users).set({ email: '  ' }).where(eq(users.id, adminId));
    expect(await done()).toEqual([]);
    const profile = await call(admin, 'PATCH', '/api/user/profile', {
      firstName: 'Avery',
      lastName: 'Stone',
      email: 'avery@example.com',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await done()).toEqual(['profile']);

    const company = await created(
      await call(admin, 'POST', '/api/companies', { name: 'Metro Transit', code: 'METRO' }),
    );
    expect(await done()).toEqual(['profile', 'company']);

    await created(
      await call(admin, 'POST', '/api/locations', { companyId: company.id, name: 'North depot', code: 'N1' }),
    );
    expect(await done()).toEqual(['profile', 'company', 'location']);

    await created(
      await call(admin, 'POST', '/api/repair-facilities', { name: 'Downtown Collision', kind: 'collision' }),
    );
    expect(await done()).toEqual(['profile', 'company', 'location', 'facility']);

    const manager = await buildUser(db, { role: 'manager', companyIds: [company.id] });
    expect(await done()).toEqual(['profile', 'company', 'location', 'facility', 'user']);

    await createClaimVia(app, admin, newClaimInput(company.id));
    expect(await done()).toEqual(['profile', 'company', 'location', 'facility', 'user', 'claim']);

    // The other user's own view: "invite a user" counts anyone but the caller, so the first admin counts;
    // "your name and email" is the caller's own.
    const secondAdmin = await loginAs(app, await buildUser(db, { role: 'admin', email: null }));
    expect(await done(secondAdmin)).toContain('user');
    expect(await done(secondAdmin)).not.toContain('profile');

    // Only administrators set an installation up: a manager is refused.
    const managerCookie = await loginAs(app, manager);
    expect((await call(managerCookie, 'GET', '/api/setup-checklist')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/setup-checklist' })).statusCode).toBe(401);
  });
});
