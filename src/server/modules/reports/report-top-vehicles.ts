import { sql, type SQL } from 'drizzle-orm';
import { TOP_VEHICLES_SHOWN, type TopVehiclesSection } from '@shared/reports.js';
import { queryRows } from '../../db/client.js';
import { countOf, num, where, type ReportContext } from './report-sql.js';

/**
 * Section 5: the vehicles with the most claims and the most spend. The counted claims are summed per vehicle
 * first; only the vehicles that can make the top (at least the tenth's figure: ties are ordered by unit number)
 * are joined to their vehicle and company.
 */
export async function topVehicles(context: ReportContext): Promise<TopVehiclesSection> {
  const { db, scope, base } = context;
  const top = async (figure: SQL) => {
    const rows = await queryRows<{
      id: string;
      unit_number: string;
      vin: string;
      description: string;
      company_name: string;
      claims: number;
      spend: number;
    }>(
      db,
      sql`with per_vehicle as (
            select claims.vehicle_id, count(*)::int as claims,
              coalesce(sum(claims.final_amount_cents), 0)::float8 as spend
            from claims where ${where(scope, base)}
            group by claims.vehicle_id
          ),
          ranked as (
            select * from per_vehicle
            where ${figure} >= coalesce((select ${figure} from per_vehicle order by 1 desc
              offset ${sql.raw(String(TOP_VEHICLES_SHOWN - 1))} limit 1), 0)
          )
          select vehicles.id, vehicles.unit_number, vehicles.vin,
            concat_ws(' ', vehicles.year, vehicles.make, vehicles.model) as description,
            companies.name as company_name, ranked.claims, ranked.spend
          from ranked join vehicles on vehicles.id = ranked.vehicle_id
            join companies on companies.id = vehicles.company_id
          order by ranked.${figure} desc, vehicles.unit_number, vehicles.id
          limit ${sql.raw(String(TOP_VEHICLES_SHOWN))}`,
    );
    return rows.map((row) => ({
      id: row.id,
      unitNumber: row.unit_number,
      vin: row.vin,
      description: row.description,
      companyName: row.company_name,
      claims: countOf(row.claims, { ...base, vehicleId: row.id }),
      spendCents: num(row.spend),
    }));
  };
  return {
    byClaims: await top(sql`claims`),
    bySpend: (await top(sql`spend`)).filter((row) => row.spendCents > 0),
  };
}
