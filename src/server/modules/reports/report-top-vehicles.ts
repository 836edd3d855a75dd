import { sql } from 'drizzle-orm';
import { TOP_VEHICLES_SHOWN, type TopVehiclesSection } from '@shared/reports.js';
import { queryRows } from '../../db/client.js';
import { countOf, num, spendSql, where, type ReportContext } from './report-sql.js';

/**
 * Section 5: the vehicles with the most claims and the most spend, from one pass over the counted claims. They are
 * summed per vehicle first; for each list only the vehicles that can make its top (above the tenth's figure, and the
 * first ten at it by unit number: ties are ordered by unit number) are looked up, by primary key, with their company.
 */

const SHOWN = sql.raw(String(TOP_VEHICLES_SHOWN));
const TENTH = sql.raw(String(TOP_VEHICLES_SHOWN - 1));

interface TopRow {
  list: 'claims' | 'spend';
  id: string;
  unit_number: string;
  vin: string;
  description: string;
  company_name: string;
  claims: number;
  spend: number;
}

export async function topVehicles(context: ReportContext): Promise<TopVehiclesSection> {
  const { db, scope, base } = context;
  const rows = await queryRows<TopRow>(
    db,
    sql`with per_vehicle as (
          select claims.vehicle_id, count(*)::int as claims,
            ${spendSql} as spend
          from claims where ${where(scope, base)}
          group by claims.vehicle_id
        ),
        tenth as (
          select (select claims from per_vehicle order by 1 desc offset ${TENTH} limit 1) as claims,
            (select spend from per_vehicle order by 1 desc offset ${TENTH} limit 1) as spend
        ),
        -- Above the tenth's figure: at most nine vehicles. At it: as many as share it (84,000 for an admin's year at
        -- 1,000,000 claims, where the tenth has three claims), so only the first ten by unit number are candidates,
        -- found by one join and a top-ten sort instead of a lookup per tied vehicle.
        candidates as (
          select 'claims' as list, per_vehicle.*, per_vehicle.claims::float8 as figure from per_vehicle
          where claims > coalesce((select claims from tenth), 0)
          union all
          (select 'claims', per_vehicle.*, per_vehicle.claims from per_vehicle
            join vehicles on vehicles.id = per_vehicle.vehicle_id
            where per_vehicle.claims = (select claims from tenth)
            order by vehicles.unit_number, vehicles.id limit ${SHOWN})
          union all
          select 'spend', per_vehicle.*, per_vehicle.spend from per_vehicle
          where spend > 0 and spend > coalesce((select spend from tenth), 0)
          union all
          (select 'spend', per_vehicle.*, per_vehicle.spend from per_vehicle
            join vehicles on vehicles.id = per_vehicle.vehicle_id
            where per_vehicle.spend > 0 and per_vehicle.spend = (select spend from tenth)
            order by vehicles.unit_number, vehicles.id limit ${SHOWN})
        ),
        ranked as (
          select candidates.*, vehicle.*,
            row_number() over (partition by candidates.list
              order by candidates.figure desc, vehicle.unit_number, vehicle.id) as place
          from candidates
            -- A lookup by primary key per candidate (a few dozen), not a hash of every vehicle: LIMIT keeps the
            -- planner from turning it into a join over the whole table.
            cross join lateral (
              select vehicles.id, vehicles.unit_number, vehicles.vin,
                concat_ws(' ', vehicles.year, vehicles.make, vehicles.model) as description,
                companies.name as company_name
              from vehicles join companies on companies.id = vehicles.company_id
              where vehicles.id = candidates.vehicle_id limit 1
            ) as vehicle
        )
        select list, id, unit_number, vin, description, company_name, claims, spend from ranked
        where place <= ${SHOWN}
        order by list, place`,
  );
  const listOf = (list: TopRow['list']) =>
    rows
      .filter((row) => row.list === list)
      .map((row) => ({
        id: row.id,
        unitNumber: row.unit_number,
        vin: row.vin,
        description: row.description,
        companyName: row.company_name,
        claims: countOf(row.claims, { ...base, vehicleId: row.id }),
        spendCents: num(row.spend),
      }));
  return { byClaims: listOf('claims'), bySpend: listOf('spend') };
}
