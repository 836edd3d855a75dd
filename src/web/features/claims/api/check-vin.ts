import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VinCheckResponse } from '@shared/claims';
import { normalizeVin, VIN_PATTERN } from '@shared/vin';

import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/fleet-vehicles/vin-check`: the VIN as stored, a check-digit warning, the model year, and — within
 * the company — the vehicle that already has it and that vehicle's open claim.
 */
export async function checkVin(vin: string, companyId: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ vin });
  if (companyId) params.set('companyId', companyId);
  const res = await apiRequest('GET', `/api/fleet-vehicles/vin-check?${params.toString()}`, undefined, {
    signal,
  });
  return (await res.json()) as VinCheckResponse;
}

export const vinCheckQueryOptions = (vin: string, companyId: string | undefined) =>
  queryOptions({
    queryKey: ['/api/fleet-vehicles', 'vin-check', vin, companyId ?? null],
    queryFn: ({ signal }) => checkVin(vin, companyId, signal),
  });

/** Checks a VIN once it is complete (17 valid characters); nothing is asked for a partial one. */
export function useVinCheck(vin: string, companyId: string | undefined) {
  const normalized = normalizeVin(vin);
  return useQuery({
    ...vinCheckQueryOptions(normalized, companyId),
    enabled: VIN_PATTERN.test(normalized),
  });
}
