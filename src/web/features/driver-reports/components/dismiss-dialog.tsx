import { useId, useState } from 'react';
import { dismissDriverReportSchema, type DriverReport } from '@shared/driver-reports';

import { FormDialog } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { reasonError, useDismissDriverReportMutation } from '../api/triage-driver-report';

/** The longest reason the server takes, read from its schema. */
const REASON_MAX_LENGTH = dismissDriverReportSchema.shape.reason.maxLength ?? undefined;

function DismissForm({ report, onDone }: { report: DriverReport; onDone: () => void }) {
  const mutation = useDismissDriverReportMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // The server's own schema: a dismissal needs its reason.
        const checked = dismissDriverReportSchema.safeParse({ reason });
        if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the reason');
        mutation.mutate(
          { report, reason: checked.data.reason },
          { onSuccess: onDone, onError: (failure) => setError(reasonError(failure) ?? null) },
        );
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          placeholder="A duplicate of another report, a test, already repaired…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
      <FormDialogFooter pending={mutation.isPending} variant="destructive" submitLabel="Dismiss report" />
    </form>
  );
}

/** Dismisses a report that needs no claim, with the reason the Handled list keeps. */
export function DismissDialog({
  report,
  open,
  onOpenChange,
}: {
  report: DriverReport;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Dismiss ${report.reference}?`}
      description="No claim is opened. The report moves to Handled with your reason, for the record."
      className="sm:max-w-md"
    >
      <DismissForm report={report} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}
