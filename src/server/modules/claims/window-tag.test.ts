import { describe, expect, it } from 'vitest';
import { WINDOW_TAG_FIELDS } from '@shared/window-tag.js';
import { repairFacilities } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('window tag', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db, { name: 'Secretive Fleet Co' });
  const [facility] = await db
    .insert(repairFacilities)
    .values({ name: 'Northside Collision', kind: 'collision', phone: '555-0100' })
    .returning();
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
  const claim = await createClaimVia(
    app,
    manager,
    newClaimInput(company.id, {
      repairFacilityId: facility!.id,
      eta: '2027-01-15',
      reportedByName: 'Dana Driver',
      reportedByPhone: '555-0199',
      estimateAmountCents: 123_456,
      insurer: 'Mutual Assurance',
    }),
  );
  const tagOf = (id: string) => app.inject({ method: 'GET', url: `/api/vehicles/${id}/window-tag` });

  it('answers exactly the tag’s fields without a session', async () => {
    const response = await tagOf(claim.id);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'claimNumber',
        'unitNumber',
        'vinLast8',
        'facilityName',
        'status',
        'statusLabel',
        'workflow',
        'eta',
      ].sort(),
    );
    expect([...WINDOW_TAG_FIELDS].sort()).toEqual(Object.keys(response.json()).sort());
    expect(response.json()).toEqual({
      claimNumber: claim.claimNumber,
      unitNumber: claim.vehicle.unitNumber,
      vinLast8: claim.vehicle.vin.slice(-8),
      facilityName: 'Northside Collision',
      status: 'reported',
      statusLabel: 'Reported',
      workflow: 'collision',
      eta: '2027-01-15',
    });
    for (const secret of ['Secretive', 'Dana', '555-01', '1234', 'Mutual', claim.vehicle.vin]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = await tagOf('7f1c2b9e-4d3a-4b8f-9c6d-1e2f3a4b5c6d');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Window tag not found']);
    for (const id of ['not-a-uuid', '1', "x'%20or%201=1"]) {
      expect((await tagOf(id)).statusCode).toBe(404);
    }
  });
});
