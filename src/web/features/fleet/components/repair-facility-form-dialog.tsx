import { lazy } from 'react';
import type { RepairFacility } from '@shared/fleet';

import { RecordFormDialog, type DialogState } from '../../../components/form-dialog';
import { FACILITY_KIND_LABELS } from './labor-rate';

// The form (react-hook-form, zod) loads when the dialog first opens (issue 30).
const RepairFacilityForm = lazy(() =>
  import('./repair-facility-form').then((m) => ({ default: m.RepairFacilityForm })),
);

/** Create a repair facility (`facility` null) or edit one. */
export function RepairFacilityFormDialog({
  facility,
  ...dialog
}: DialogState & { facility: RepairFacility | null }) {
  return (
    <RecordFormDialog
      {...dialog}
      record={facility}
      noun="repair facility"
      describe={(shown) => `${shown.name} · ${FACILITY_KIND_LABELS[shown.kind]}`}
      newDescription="A body shop or mechanic that repairs your fleets’ vehicles."
    >
      {(shown, onDone) => <RepairFacilityForm facility={shown} onDone={onDone} />}
    </RecordFormDialog>
  );
}
