import { useId, useState } from 'react';
import { NOTE_MAX_LENGTH } from '@shared/claim-notes';
import {
  etaSlips,
  shopMoveLabel,
  SHOP_ETA_REASON_MAX_LENGTH,
  SHOP_ETA_REASON_MESSAGE,
  SHOP_MOVE_NOTE_MAX_LENGTH,
  type ShopClaim,
} from '@shared/shop-links';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/format-calendar-date';
import { useShopEtaMutation, useShopMoveMutation, useShopNoteMutation } from '../api/shop-link';

/** The shop's updates of its claim (issue 32): a move, the ETA, a note. Each answers the claim as it now is. */

const failed = (title: string) => (error: Error) =>
  toast({
    variant: 'destructive',
    title,
    description:
      error instanceof ApiError && error.status === 409
        ? `${error.message} The page now shows the claim as it is.`
        : error.message,
  });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="bg-card grid gap-3 rounded-xl border p-4 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The moves a shop makes from where the claim is, each one button, with an optional note. */
export function ShopMoves({ token, claim }: { token: string; claim: ShopClaim }) {
  const [note, setNote] = useState('');
  const move = useShopMoveMutation(token);
  const go = (to: ClaimStatus) =>
    move.mutate(
      { to, version: claim.version, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setNote('');
          toast({ title: `Claim moved to ${shopMoveLabel(to)}`, description: 'The fleet is told.' });
        },
        onError: failed('Could not move the claim'),
      },
    );
  return (
    <Section title="Move the repair along">
      {claim.moves.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Nothing to move from {STATUS_LABELS[claim.status]} through this link: the fleet takes the next step.
        </p>
      ) : (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="shop-move-note">Note with the move (optional)</Label>
            <Textarea
              id="shop-move-note"
              rows={2}
              maxLength={SHOP_MOVE_NOTE_MAX_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {claim.moves.map((to) => (
              <Button key={to} disabled={move.isPending} onClick={() => go(to)}>
                {shopMoveLabel(to)}
              </Button>
            ))}
          </div>
        </>
      )}
    </Section>
  );
}

/** The ETA: a later day than the one given needs a reason, which the fleet reads in the claim's notes. */
export function ShopEta({ token, claim }: { token: string; claim: ShopClaim }) {
  const [eta, setEta] = useState(claim.eta ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useShopEtaMutation(token);
  const slips = eta !== '' && etaSlips(claim.eta, eta);
  return (
    <Section title="Estimated completion">
      <p className="text-muted-foreground text-sm">
        {claim.eta ? `Now: ${formatCalendarDate(claim.eta)}.` : 'No ETA given yet.'}
      </p>
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!eta) return setError('Choose the day the repair will be done');
          if (slips && !reason.trim()) return setError(SHOP_ETA_REASON_MESSAGE);
          setError(null);
          save.mutate(
            { eta, version: claim.version, ...(reason.trim() ? { reason: reason.trim() } : {}) },
            {
              onSuccess: (saved) => {
                setReason('');
                toast({
                  title: 'ETA saved',
                  description: `The fleet sees ${formatCalendarDate(saved.eta ?? eta)}.`,
                });
              },
              onError: (failure) =>
                failure instanceof ApiError && failure.status === 400
                  ? setError(
                      failure.fieldErrors?.reason?.[0] ?? failure.fieldErrors?.eta?.[0] ?? failure.message,
                    )
                  : failed('Could not save the ETA')(failure),
            },
          );
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="shop-eta">ETA</Label>
          <Input
            id="shop-eta"
            type="date"
            className="w-fit"
            value={eta}
            onChange={(event) => setEta(event.target.value)}
            aria-invalid={error && !slips ? true : undefined}
            aria-describedby={error ? 'shop-eta-error' : undefined}
          />
        </div>
        {slips && (
          <div className="grid gap-1.5">
            <Label htmlFor="shop-eta-reason">Why it moves later</Label>
            <Input
              id="shop-eta-reason"
              maxLength={SHOP_ETA_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'shop-eta-error' : undefined}
            />
          </div>
        )}
        {error && (
          <p id="shop-eta-error" role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        <Button type="submit" className="w-fit" disabled={save.isPending || eta === (claim.eta ?? '')}>
          Save ETA
        </Button>
      </form>
    </Section>
  );
}

/** A note to the fleet: the claim's assignee and watchers are told. */
export function ShopNote({ token }: { token: string }) {
  const [body, setBody] = useState('');
  const post = useShopNoteMutation(token);
  return (
    <Section title="Leave a note for the fleet">
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!body.trim()) return;
          post.mutate(body.trim(), {
            onSuccess: () => {
              setBody('');
              toast({ title: 'Note posted', description: 'The fleet is told.' });
            },
            onError: failed('Could not post the note'),
          });
        }}
      >
        <Label htmlFor="shop-note" className="sr-only">
          Note
        </Label>
        <Textarea
          id="shop-note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          placeholder="Parts arrive Tuesday; the frame is straight."
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <Button type="submit" className="w-fit" disabled={post.isPending || !body.trim()}>
          Post note
        </Button>
      </form>
    </Section>
  );
}

export { Section };
