import { describe, expect, it } from 'vitest';
import type { Report } from '@shared/reports.js';
import { vehicles } from '../../db/schema/index.js';
import { buildClaimWithHistory, buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * The top ten when more vehicles share the tenth's figure than fit: the ties are ordered by unit number, and only
 * the first of them are shown (the query looks up ten of them, not every tied vehicle).
 */
describe('the top vehicles', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db, { name: 'Tiebreak Fleet' });
  const cookie = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
  // Twelve vehicles of one claim each, made out of unit order, and one of two claims.
  const units = [
    'T-07',
    'T-12',
    'T-01',
    'T-10',
    'T-03',
    'T-11',
    'T-05',
    'T-02',
    'T-09',
    'T-04',
    'T-08',
    'T-06',
  ];
  let number = 900;
  for (const [index, unitNumber] of [...units, 'T-99'].entries()) {
    const [vehicle] = await db
      .insert(vehicles)
      .values({
        companyId: company.id,
        unitNumber,
        vin: `1FTFW1ET5DFC3${String(index).padStart(4, '0')}`,
        make: 'Ford',
        model: 'Transit',
      })
      .returning();
    const claims = unitNumber === 'T-99' ? 2 : 1;
    for (let claim = 0; claim < claims; claim++)
      await buildClaimWithHistory(
        db,
        vehicle!,
        [
          ['reported', new Date('2026-03-02T10:00:00Z')],
          ['completed', new Date('2026-03-09T10:00:00Z')],
        ],
        { number: ++number, finalAmountCents: unitNumber === 'T-99' ? null : 45_000 },
      );
  }

  it('shows the vehicles above the tenth, then those tied at it by unit number, ten in all', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/reports?range=custom&from=2026-03-01&to=2026-03-31&companyId=${company.id}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { topVehicles } = response.json<Report>();
    expect(topVehicles.byClaims.map((row) => [row.unitNumber, row.claims.count])).toEqual([
      ['T-99', 2],
      ...units
        .toSorted()
        .slice(0, 9)
        .map((unit) => [unit, 1]),
    ]);
    expect(topVehicles.bySpend.map((row) => [row.unitNumber, row.spendCents])).toEqual(
      units
        .toSorted()
        .slice(0, 10)
        .map((unit) => [unit, 45_000]),
    );
  });
});
