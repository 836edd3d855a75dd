import { userRoleSchema } from '@shared/auth';
import type { CompanySummary } from '@shared/users';

import {
  ActiveFilter,
  CompanyFilter,
  FilterSelect,
  ListToolbar,
  SearchBox,
  ToolbarFilters,
} from '../../../components/data-list';
import type { UsersFilter } from '../api/get-users';
import type { UsersFilterChange } from '../hooks/use-users-filter';
import { ROLE_LABELS } from './role-badge';

const ROLE_OPTIONS = userRoleSchema.options.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function UsersToolbar({
  filter,
  companies,
  filtered,
  onChange,
  onClear,
}: {
  filter: UsersFilter;
  companies: readonly CompanySummary[];
  filtered: boolean;
  onChange: (change: UsersFilterChange) => void;
  onClear: () => void;
}) {
  return (
    <ListToolbar label="Filter users" filtered={filtered} onClear={onClear}>
      <SearchBox
        value={filter.search ?? ''}
        label="Search users"
        placeholder="Search name, username or email"
        onSearch={(search) => onChange({ search })}
      />
      <ToolbarFilters>
        <FilterSelect
          label="Role"
          allLabel="All roles"
          value={filter.role}
          options={ROLE_OPTIONS}
          className="w-full sm:w-[9.5rem]"
          onChange={(role) => onChange({ role })}
        />
        <CompanyFilter
          companies={companies}
          value={filter.companyId}
          onChange={(companyId) => onChange({ companyId })}
        />
        <ActiveFilter value={filter.active} onChange={(active) => onChange({ active })} />
      </ToolbarFilters>
    </ListToolbar>
  );
}
