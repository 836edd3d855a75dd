import type { ReactNode } from 'react';

import { Label } from '../../../components/ui/label';
import type { ClaimsFilter } from '../api/get-claims';
import type { ClaimsFilterChange } from '../hooks/use-claims-filter';
import type { ClaimsFilterOptions } from './claims-filter-fields';

/** The filter values the fields read; the Claim Manager's board has some of them. */
type FilterValues = Partial<Omit<ClaimsFilter, 'search' | 'sort' | 'order' | 'page' | 'pageSize' | 'cursor'>>;

export type FieldProps = {
  filter: FilterValues;
  options: ClaimsFilterOptions;
  onChange: (change: ClaimsFilterChange) => void;
};

/** A labelled filter control; the label is visible in the filter panel and the sheet. */
export function Field({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={htmlFor} className="text-muted-foreground text-xs font-medium">
        {label}
      </Label>
      {children}
    </div>
  );
}
