import { Loader2Icon } from 'lucide-react';

import { Button } from './ui/button';
import { DialogClose, DialogFooter } from './ui/dialog';

/** A form dialog's Cancel and its submit button, which spins and waits while the call runs. */
export function FormDialogFooter({
  pending,
  submitLabel,
  variant = 'default',
  disabled = false,
}: {
  pending: boolean;
  submitLabel: string;
  /** `destructive` for a submit that ends something (a rejection, a cancelled claim). */
  variant?: 'default' | 'destructive';
  /** Besides while pending. */
  disabled?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={pending || disabled}>
        {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
