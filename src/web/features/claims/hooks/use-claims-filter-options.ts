import type { CompanySummary } from '@shared/users';

import { toAssigneeOption, useAssignableUsers, type AssigneeOption } from '../api/get-assignable-users';
import { useFacilityFilterOptions } from '../api/get-facility-filter-options';
import { useLocationOptions } from '../api/get-location-options';
import type { ClaimsFilterOptions } from '../components/claims-filter-fields';

/**
 * The choices of the claim filters (All Claims and the Claim Manager): companies, the locations of the chosen
 * company (or of the user's only one), facilities and assignees, as far as the user may list them.
 */
export function useClaimsFilterOptions({
  companyId,
  companies,
  currentUser,
  canListLocations,
  canListUsers,
}: {
  companyId: string | undefined;
  companies: readonly CompanySummary[];
  currentUser: AssigneeOption;
  canListLocations: boolean;
  canListUsers: boolean;
}): ClaimsFilterOptions {
  const locationCompanyId = companyId ?? (companies.length === 1 ? companies[0]!.id : undefined);
  const locations = useLocationOptions(locationCompanyId ?? '', {
    enabled: canListLocations && Boolean(locationCompanyId),
  });
  const facilities = useFacilityFilterOptions();
  const users = useAssignableUsers({ enabled: canListUsers });
  return {
    companies,
    locations: canListLocations ? (locations.data ?? []) : undefined,
    locationHint: !locationCompanyId ? 'Choose a company first' : undefined,
    facilities: facilities.data ?? [],
    assignees: users.data?.map(toAssigneeOption) ?? [currentUser],
    currentUserId: currentUser.id,
  };
}
