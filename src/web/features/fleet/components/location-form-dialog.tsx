import { lazy } from 'react';
import type { Location } from '@shared/fleet';
import type { CompanySummary } from '@shared/users';

import { RecordFormDialog, type DialogState } from '../../../components/form-dialog';

// The form (react-hook-form, zod) loads when the dialog first opens (issue 30).
const LocationForm = lazy(() => import('./location-form').then((m) => ({ default: m.LocationForm })));

/** Create a location (`location` null, preset to `companyId` when given) or edit one. */
export function LocationFormDialog({
  location,
  companies,
  companyId,
  ...dialog
}: DialogState & {
  location: Location | null;
  companies: readonly CompanySummary[];
  /** The company a new location starts with: the one the list is filtered to. */
  companyId?: string | undefined;
}) {
  return (
    <RecordFormDialog
      {...dialog}
      record={location}
      noun="location"
      describe={(shown) => `${shown.name} · ${shown.companyName}`}
      newDescription="A depot, yard or branch where vehicles of a company are based."
    >
      {(shown, onDone) => (
        <LocationForm location={shown} companies={companies} companyId={companyId} onDone={onDone} />
      )}
    </RecordFormDialog>
  );
}
