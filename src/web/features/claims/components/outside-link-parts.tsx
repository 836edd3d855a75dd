import type { ReactNode } from 'react';
import type { Claim } from '@shared/claims';

import { DialogHeading } from '../../../components/form-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';

/** What the dialogs of links for people outside the office share (issue 32): the claim pack's and the shop's. */

/** What the claim page gives each of these dialogs (both lazy chunks of it). */
export interface ClaimLinkDialogProps {
  claim: Claim;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A dialog with the form that sends a link, and the links sent. */
export function OutsideLinksDialog({
  open,
  onOpenChange,
  title,
  description,
  form,
  listTitle,
  list,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  form: ReactNode;
  listTitle: string;
  list: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeading title={title} description={description} />
        {open && form}
        <h3 className="text-sm font-semibold">{listTitle}</h3>
        {open && list}
      </DialogContent>
    </Dialog>
  );
}

/** The e-mail address a link goes to, with its error under it. */
export function LinkEmailField({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  placeholder?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** One link sent: to whom, its state, what became of it, and Revoke while it works. */
export function OutsideLinkItem({
  title,
  state,
  detail,
  revoke,
}: {
  title: string;
  state: { label: string; active: boolean };
  detail: string;
  revoke: { label: string; pending: boolean; onRevoke: () => void };
}) {
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium break-all">{title}</span>
        <Badge variant={state.active ? 'outline' : 'secondary'}>{state.label}</Badge>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-muted-foreground">{detail}</span>
        {state.active && (
          <Button
            variant="outline"
            size="sm"
            disabled={revoke.pending}
            aria-label={revoke.label}
            onClick={revoke.onRevoke}
          >
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}

/** The toasts of a revocation: what it means once done, or why it failed. */
export const revokeToasts = (done: { title: string; description: string }) => ({
  onSuccess: () => toast(done),
  onError: (error: Error) =>
    toast({ variant: 'destructive', title: 'Could not revoke', description: error.message }),
});
