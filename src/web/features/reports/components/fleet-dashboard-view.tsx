import { PrinterIcon } from 'lucide-react';
import { z } from 'zod';

import { FilterSelect, ListLoadError, useUrlFilters } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useFleetDashboard } from '../api/get-fleet-dashboard';
import { FleetDashboardSections } from './fleet-dashboard-sections';
import { figuresAsOf } from '../lib/figures-as-of';

const fleetFilterSchema = z.object({ companyId: z.uuid().optional() });
const OPTIONS = { positionKeys: [] as const, pushHistory: true };

/**
 * The Fleet Dashboard (`/fleet-dashboard`): one company's fleet today, for the morning meeting (it prints
 * without the app's frame). A user of several companies (or an admin) picks the company; the choice is in the
 * address. The server decides who may see which company (403 otherwise), and the screen says so.
 */
export function FleetDashboardView() {
  const { filter, setFilter } = useUrlFilters(fleetFilterSchema, OPTIONS);
  const dashboard = useFleetDashboard(filter.companyId);
  const data = dashboard.data;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {data && data.companies.length > 1 ? (
          <FilterSelect
            label="Company"
            value={filter.companyId ?? data.company.id}
            options={data.companies.map((company) => ({ value: company.id, label: company.name }))}
            className="w-64"
            onChange={(companyId) => setFilter({ companyId })}
          />
        ) : (
          <span />
        )}
        <Button variant="outline" onClick={() => window.print()} disabled={!data}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </div>
      {dashboard.isError ? (
        <ListLoadError
          title="The Fleet Dashboard could not be shown"
          message={dashboard.error.message}
          retrying={dashboard.isFetching}
          // Refused (403) is an answer, not a failure: trying again changes nothing.
          onRetry={
            dashboard.error instanceof ApiError && dashboard.error.status === 403
              ? undefined
              : () => void dashboard.refetch()
          }
          className=""
        />
      ) : !data ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the Fleet Dashboard">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <p className="text-muted-foreground text-sm" role="status">
            {data.company.name} on{' '}
            {new Date(`${data.today}T00:00:00Z`).toLocaleDateString('en-US', {
              weekday: 'long',
              month: 'long',
              day: 'numeric',
              year: 'numeric',
              timeZone: 'UTC',
            })}
            {` · ${figuresAsOf(data.asOf)}`}
          </p>
          <FleetDashboardSections data={data} />
        </>
      )}
    </div>
  );
}
