import { eq } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { ReportFilter } from '@shared/reports.js';
import type { CompanyScope } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { companies, locations, repairFacilities } from '../../db/schema/index.js';
import { inScope } from '../../company-scope.js';

/**
 * The one check of the ids a report filter names (issue 28, finding 7): the company and the location must be of a
 * company the reader sees, the repair facility (shared by every company) must exist. Another company's record answers
 * exactly like one that does not exist, and nothing about it — not its name — is read. The page, its PDF, the
 * subscriptions when saved and each of their deliveries all ask here.
 */

type FilterIdField = 'companyId' | 'locationId' | 'repairFacilityId';
export type ReportFilterProblems = Partial<Record<FilterIdField, string>>;

export const REPORT_FILTER_NOT_FOUND: Record<FilterIdField, string> = {
  companyId: 'Company not found',
  locationId: 'Location not found',
  repairFacilityId: 'Repair facility not found',
};

/** The ids of `filter` that `scope` cannot see, each with its message; empty when the filter may be read. */
export async function reportFilterProblems(
  db: Database,
  scope: CompanyScope,
  filter: Pick<ReportFilter, FilterIdField>,
): Promise<ReportFilterProblems> {
  const problems: ReportFilterProblems = {};
  if (filter.companyId) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, filter.companyId));
    if (!company || !inScope(scope, company.id)) problems.companyId = REPORT_FILTER_NOT_FOUND.companyId;
  }
  if (filter.locationId) {
    const [location] = await db
      .select({ companyId: locations.companyId })
      .from(locations)
      .where(eq(locations.id, filter.locationId));
    if (!location || !inScope(scope, location.companyId))
      problems.locationId = REPORT_FILTER_NOT_FOUND.locationId;
  }
  if (filter.repairFacilityId) {
    const [facility] = await db
      .select({ id: repairFacilities.id })
      .from(repairFacilities)
      .where(eq(repairFacilities.id, filter.repairFacilityId));
    if (!facility) problems.repairFacilityId = REPORT_FILTER_NOT_FOUND.repairFacilityId;
  }
  return problems;
}

/**
 * Refuses (400) a filter naming an id the reader cannot see, with a message under each such field; `prefix` names
 * where the filter sits in the request (`filter.` in a subscription's body).
 */
export async function assertReportFilterVisible(
  db: Database,
  scope: CompanyScope,
  filter: Pick<ReportFilter, FilterIdField>,
  prefix = '',
): Promise<void> {
  const problems = Object.entries(await reportFilterProblems(db, scope, filter));
  if (!problems.length) return;
  throw new AppError('bad_request', problems[0]![1], {
    fieldErrors: Object.fromEntries(problems.map(([field, message]) => [`${prefix}${field}`, [message]])),
  });
}
