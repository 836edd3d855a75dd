import { useId, useRef, useState } from 'react';
import { CircleAlertIcon, Loader2Icon } from 'lucide-react';
import {
  authorizationDecisionSchema,
  sumAuthorizationLines,
  type Authorization,
  type AuthorizationDecision,
} from '@shared/authorizations';
import type { Claim } from '@shared/claims';
import { formatCents } from '@shared/money';

import { FormDialog } from '../../../components/form-dialog';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { RelativeTime } from '../../claims';
import { useDecideAuthorizationMutation } from '../api/decide-authorization';
import { CompactHistory } from './authorization-compact-history';
import { ReviewTotals } from './authorization-review-totals';

function announce(claim: Claim, decided: Authorization) {
  const amounts = `${formatCents(decided.approvedAmountCents ?? 0)} of ${formatCents(decided.requestedAmountCents)}`;
  if (decided.status === 'declined') {
    toast({
      title: 'Authorization declined',
      description: `${claim.claimNumber} is now Authorization declined.`,
    });
  } else {
    toast({
      title: decided.status === 'approved' ? 'Authorization approved' : 'Authorization partially approved',
      description: `${claim.claimNumber} is now Authorized for ${amounts}.`,
    });
  }
}

function Review({
  claim,
  authorization,
  autoApprovalLimitCents,
  onDone,
}: {
  claim: Claim;
  authorization: Authorization;
  autoApprovalLimitCents: number | null;
  onDone: () => void;
}) {
  const mutation = useDecideAuthorizationMutation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(authorization.lines.map((line) => line.id)),
  );
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const lineCount = authorization.lines.length;
  const selectedTotal = sumAuthorizationLines(authorization.lines, selected);
  const allSelected = selected.size === lineCount;
  const decided = authorization.status !== 'pending';

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const send = (decision: AuthorizationDecision) => {
    // The server's own rules (a decline needs its reason), checked before sending.
    const checked = authorizationDecisionSchema.safeParse(decision);
    if (!checked.success) {
      setNoteError(checked.error.issues[0]?.message ?? 'Check the note');
      noteRef.current?.focus();
      return;
    }
    mutation.mutate(
      { claimId: claim.id, id: authorization.id, decision: checked.data },
      {
        onSuccess: (result) => {
          announce(claim, result);
          onDone();
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.fieldErrors?.note?.[0] : undefined;
          if (message) setNoteError(message);
        },
      },
    );
  };

  return (
    <div className="grid gap-5">
      {authorization.note && (
        <blockquote className="bg-muted/40 rounded-md border-l-4 px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {authorization.note}
        </blockquote>
      )}

      <fieldset className="grid gap-2" disabled={decided || mutation.isPending}>
        <legend className="mb-2 text-sm font-semibold">Lines</legend>
        <div className="flex items-center gap-3 border-b pb-2">
          <Checkbox
            id={`${ids}-all`}
            checked={allSelected}
            onCheckedChange={(checked) =>
              setSelected(checked === true ? new Set(authorization.lines.map((line) => line.id)) : new Set())
            }
          />
          <Label htmlFor={`${ids}-all`} className="text-muted-foreground font-normal">
            Select all
          </Label>
        </div>
        <ul className="grid gap-1">
          {authorization.lines.map((line) => (
            <li key={line.id} className="flex items-start gap-3 rounded-md py-1.5">
              <Checkbox
                id={`${ids}-${line.id}`}
                className="mt-0.5"
                checked={selected.has(line.id)}
                onCheckedChange={(checked) => toggle(line.id, checked === true)}
              />
              <Label htmlFor={`${ids}-${line.id}`} className="flex flex-1 justify-between gap-4 font-normal">
                <span className="break-words">{line.description}</span>
                <span className="tabular-nums">{formatCents(line.amountCents)}</span>
              </Label>
            </li>
          ))}
        </ul>
      </fieldset>

      <ReviewTotals
        selectedTotalCents={selectedTotal}
        selectedCount={selected.size}
        lineCount={lineCount}
        requestedCents={authorization.requestedAmountCents}
        autoApprovalLimitCents={autoApprovalLimitCents}
      />

      <div className="grid gap-2">
        <Label htmlFor={`${ids}-note`}>Note (a reason is required to decline)</Label>
        <Textarea
          ref={noteRef}
          id={`${ids}-note`}
          value={note}
          rows={3}
          maxLength={2000}
          disabled={decided}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${ids}-note-error` : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
          }}
        />
        {noteError && (
          <p id={`${ids}-note-error`} className="text-destructive text-sm">
            {noteError}
          </p>
        )}
      </div>

      <section aria-labelledby={`${ids}-history`} className="grid gap-2">
        <h3 id={`${ids}-history`} className="text-sm font-semibold">
          Status history
        </h3>
        <CompactHistory claimId={claim.id} />
      </section>

      {(mutation.isError && !noteError) || decided ? (
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>{decided ? 'This request is decided' : 'Could not decide the request'}</AlertTitle>
          <AlertDescription>
            <p>
              {mutation.error?.message ?? 'Someone decided it meanwhile; the claim page shows the decision.'}
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      {/* The decision stays in reach while the lines and the history scroll under it (the dialog scrolls). */}
      <DialogFooter className="bg-background sticky -bottom-6 -mx-6 -mb-6 grid grid-cols-2 gap-2 border-t px-6 py-4 sm:flex">
        {/* On a phone the dialog's × closes it: the footer keeps to the decision, in two rows. */}
        <DialogClose asChild>
          <Button type="button" variant="ghost" className="hidden sm:inline-flex">
            Close
          </Button>
        </DialogClose>
        <Button
          type="button"
          variant="outline"
          className="text-destructive"
          disabled={decided || mutation.isPending}
          onClick={() => send({ action: 'decline', note })}
        >
          Decline
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="order-first col-span-2 sm:order-none"
          disabled={decided || mutation.isPending || selected.size === 0}
          onClick={() => send({ action: 'approve', lineIds: [...selected], note })}
        >
          Approve selected ({formatCents(selectedTotal)})
        </Button>
        <Button
          type="button"
          disabled={decided || mutation.isPending}
          onClick={() => send({ action: 'approve', note })}
        >
          {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Approve all
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * The mechanical authorization modal: the request's lines with checkboxes and the running total of the
 * selected ones, the company's auto-approval limit and the claim's status history; approve all, approve the
 * selected lines, or decline with a reason. Deciding moves the claim.
 */
export function AuthorizationReviewDialog({
  claim,
  authorization,
  autoApprovalLimitCents,
  open,
  onOpenChange,
}: {
  claim: Claim;
  authorization: Authorization | null;
  autoApprovalLimitCents: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    // Scroll padding keeps a focused line or the note from hiding under the sticky footer.
    <FormDialog
      open={open && authorization !== null}
      onOpenChange={onOpenChange}
      className="scroll-pb-32 sm:max-w-2xl sm:scroll-pb-24"
      title={<>Review authorization request {authorization?.sequence}</>}
      description={
        authorization && (
          <>
            {claim.claimNumber} · {formatCents(authorization.requestedAmountCents)} requested
            {authorization.requestedBy && ` by ${authorization.requestedBy.name}`}{' '}
            <RelativeTime date={authorization.createdAt} />
          </>
        )
      }
    >
      {authorization && (
        <Review
          key={authorization.id}
          claim={claim}
          authorization={authorization}
          autoApprovalLimitCents={autoApprovalLimitCents}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}
