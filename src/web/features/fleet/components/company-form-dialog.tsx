import { lazy } from 'react';
import type { Company } from '@shared/fleet';

import { RecordFormDialog, type DialogState } from '../../../components/form-dialog';

// The form (react-hook-form, zod, the time zone list) loads when the dialog first opens (issue 30).
const CompanyForm = lazy(() => import('./company-form').then((m) => ({ default: m.CompanyForm })));

/** Create a company (`company` null) or edit one. */
export function CompanyFormDialog({ company, ...dialog }: DialogState & { company: Company | null }) {
  return (
    <RecordFormDialog
      {...dialog}
      record={company}
      noun="company"
      describe={(shown) => `${shown.name} · ${shown.code}`}
      newDescription="A fleet you repair vehicles for. Add its locations once it exists."
    >
      {(shown, onDone) => <CompanyForm company={shown} onDone={onDone} />}
    </RecordFormDialog>
  );
}
