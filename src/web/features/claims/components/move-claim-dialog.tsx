import { useState } from 'react';
import { CircleAlertIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { isConflict } from '../api/claim-cache';
import { useTransitionClaimMutation } from '../api/transition-claim';

/** The server keeps at most this much of a move's note (`transitionRequestSchema`). */
const NOTE_MAX = 2000;

/** Moves that end or pause the work get a red confirm button. */
const ENDING: readonly ClaimStatus[] = ['cancelled', 'total_loss', 'declined'];

function MoveForm({ claim, to, onDone }: { claim: Claim; to: ClaimStatus; onDone: () => void }) {
  const mutation = useTransitionClaimMutation();
  const [note, setNote] = useState('');
  const label = STATUS_LABELS[to];

  const move = () =>
    mutation.mutate(
      { id: claim.id, to, version: claim.version, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (moved) => {
          toast({
            title: 'Claim moved',
            description: `${moved.claimNumber} is now ${STATUS_LABELS[moved.status]}.`,
          });
          onDone();
        },
      },
    );

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        move();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="move-note">Note (optional)</Label>
        <Textarea
          id="move-note"
          value={note}
          maxLength={NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Why, or what happens next"
        />
        <p className="text-muted-foreground text-sm">Shown in the status history.</p>
      </div>
      {mutation.isError && (
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>
            {isConflict(mutation.error) ? 'The claim has changed' : 'Could not move the claim'}
          </AlertTitle>
          <AlertDescription>
            <p>{mutation.error.message}</p>
            {isConflict(mutation.error) && <p>The page now shows the claim as it is; choose a move again.</p>}
          </AlertDescription>
        </Alert>
      )}
      <FormDialogFooter
        pending={mutation.isPending}
        variant={ENDING.includes(to) ? 'destructive' : 'default'}
        disabled={isConflict(mutation.error) && !claim.allowedTransitions.includes(to)}
        submitLabel={`Move to ${label}`}
      />
    </form>
  );
}

/** Confirms one move, with an optional note for the history. */
export function MoveClaimDialog({
  claim,
  to,
  onOpenChange,
}: {
  claim: Claim;
  /** The status to move to; the dialog is open while there is one. */
  to: ClaimStatus | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={to !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{to ? `Move to ${STATUS_LABELS[to]}?` : 'Move the claim'}</DialogTitle>
          <DialogDescription>
            {to
              ? `${claim.claimNumber} goes from ${STATUS_LABELS[claim.status]} to ${STATUS_LABELS[to]}. The assignee and everyone watching the claim are notified.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {to && <MoveForm key={to} claim={claim} to={to} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
