/**
 * The demo's fleet (used by seed-demo.ts): companies with three locations each, repair facilities, users of every
 * role with the companies they see, and vehicles with VINs of their make and model year (seed-demo-vin.ts), drawn
 * from the seeder's random stream.
 */
import type { Database } from '../src/server/db/client.js';
import {
  companies,
  locations,
  repairFacilities,
  userCompanies,
  users,
  vehicles,
} from '../src/server/db/schema/index.js';
import { hashPassword } from '../src/server/modules/auth/index.js';
import { insertInBatches } from './seed-demo-bulk.js';
import { CITIES, COMPANIES, FACILITIES, MODELS } from './seed-demo-names.js';
import type { RandomStream } from './seed-demo-random.js';
import { demoVin } from './seed-demo-vin.js';

export const DEMO_PASSWORD = 'Demo-pass-2026';

export async function seedFleet(db: Database, stream: RandomStream, vehicleCount: number) {
  const { between, pick } = stream;
  const companyRows = await db
    .insert(companies)
    .values(COMPANIES.map((c) => ({ ...c, billingAddress: `100 Main St, ${pick(CITIES)}` })))
    .returning();
  const locationRows = await db
    .insert(locations)
    .values(
      companyRows.flatMap((company) =>
        Array.from({ length: 3 }, (_, i) => {
          const city = CITIES[(companyRows.indexOf(company) + i) % CITIES.length]!;
          return {
            companyId: company.id,
            name: `${city.split(',')[0]} ${['Depot', 'Yard', 'Hub'][i]}`,
            code: `${company.code.slice(0, 3)}${i + 1}`,
            address: `${between(100, 9900)} Industrial Way, ${city}`,
          };
        }),
      ),
    )
    .returning();
  const facilityRows = await db
    .insert(repairFacilities)
    .values(
      FACILITIES.map(([name, kind], i) => ({
        name,
        kind,
        address: `${between(100, 9900)} Service Rd, ${CITIES[i % CITIES.length]}`,
        phone: `(303) 555-01${String(i).padStart(2, '0')}`,
        laborRateCents: between(85, 145) * 100,
        cccShopId: kind === 'mechanical' ? null : `CCC-${1000 + i}`,
      })),
    )
    .returning();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = [
    ['alex.admin', 'Alex', 'Admin', 'admin', []],
    ['maria.manager', 'Maria', 'Lopez', 'manager', [0, 1]],
    ['sam.manager', 'Sam', 'Okafor', 'manager', [2, 3]],
    ['victor.viewer', 'Victor', 'Nguyen', 'viewer', [0]],
    ['riley.viewer', 'Riley', 'Chen', 'viewer', [3]],
  ] as const;
  const userRows = await db
    .insert(users)
    .values(
      people.map(([username, firstName, lastName, role]) => ({
        username,
        firstName,
        lastName,
        role,
        email: `${username}@demo.fleetclaims.example`,
        passwordHash,
        mustChangePassword: false,
      })),
    )
    .returning();
  await db
    .insert(userCompanies)
    .values(
      people.flatMap(([, , , , companyIndexes], i) =>
        companyIndexes.map((c) => ({ userId: userRows[i]!.id, companyId: companyRows[c]!.id })),
      ),
    );
  const demoUsers = people.map(([username, firstName, lastName, role, companyIndexes], i) => ({
    id: userRows[i]!.id,
    username,
    firstName,
    lastName,
    role,
    companyIds: companyIndexes.map((c) => companyRows[c]!.id),
  }));
  const managersOf = (companyIndex: number) =>
    people.flatMap(([, , , role, idx], i) =>
      role === 'manager' && (idx as readonly number[]).includes(companyIndex) ? [userRows[i]!] : [],
    );

  const vehicleRows: (typeof vehicles.$inferInsert & { id: string })[] = [];
  for (let i = 0; i < vehicleCount; i++) {
    const companyIndex = i % companyRows.length;
    const company = companyRows[companyIndex]!;
    const [make, model, firstYear, lastYear] = pick(MODELS);
    const year = between(firstYear, lastYear);
    const companyLocations = locationRows.filter((l) => l.companyId === company.id);
    vehicleRows.push({
      id: crypto.randomUUID(),
      companyId: company.id,
      locationId: pick(companyLocations).id,
      unitNumber: `${company.code.slice(0, 2)}-${String(1000 + i)}`,
      vin: demoVin(stream, make, year, i),
      year,
      make,
      model,
      plate: `${String.fromCharCode(65 + between(0, 25))}${String.fromCharCode(65 + between(0, 25))}${between(1000, 9999)}`,
      plateState: 'CO',
      color: pick(['White', 'Silver', 'Black', 'Blue', 'Red']),
      odometer: between(8_000, 180_000),
    });
  }
  await insertInBatches(db, vehicles, vehicleRows);
  return { companyRows, locationRows, facilityRows, userRows, demoUsers, people, managersOf, vehicleRows };
}
