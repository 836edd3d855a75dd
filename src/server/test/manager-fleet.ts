import { expect } from 'vitest';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { locations, vehicles } from '../db/schema/index.js';
import { buildCompany, buildUser, loginAs } from './factories.js';

/**
 * A company (Acme Rentals) with one location and one van, its manager signed in, and GET as that manager (200
 * expected): what the kept answers' tests start from.
 */
export async function managerFleet(app: App, db: Database) {
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const managerUser = await buildUser(db, { role: 'manager', companyIds: [acme.id] });
  const manager = await loginAs(app, managerUser);
  const [north] = await db
    .insert(locations)
    .values([{ companyId: acme.id, name: 'North', code: 'N' }])
    .returning();
  const [van] = await db
    .insert(vehicles)
    .values([
      { companyId: acme.id, unitNumber: 'A-1', vin: '1FTFW1ET5DFC10001', make: 'Ford', model: 'Transit' },
    ])
    .returning();
  async function get<T>(url: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: manager } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }
  return { acme, managerUser, manager, north: north!, van: van!, get };
}
