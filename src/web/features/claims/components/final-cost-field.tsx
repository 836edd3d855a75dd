import { useState } from 'react';
import { transitionRequestSchema } from '@shared/claims';
import { FINAL_COST_HINT, FINAL_COST_LABEL } from '@shared/money-facts';
import type { ClaimStatus } from '@shared/workflows';

import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { centsToDollarsText, dollarsToCents } from '../../../lib/form-numbers';

/** The server keeps at most this much of a move's note (`transitionRequestSchema`). */
const NOTE_MAX = 2000;

/**
 * The final cost typed into the Completed move, as the API takes it (`finalAmountCents`), or the schema's
 * message when it is not an amount. Empty sends nothing: the claim keeps the final amount it has.
 */
export function finalCostOf(text: string): { cents?: number; error?: string } {
  const cents = dollarsToCents(text);
  if (cents === null) return {};
  const parsed = transitionRequestSchema.shape.finalAmountCents.safeParse(cents);
  if (!parsed.success)
    return { error: parsed.error.issues[0]?.message ?? `${FINAL_COST_LABEL} must be an amount` };
  return { cents: parsed.data ?? undefined };
}

/** The Completed move's "Final cost" field (decision 038), prefilled by the caller. */
export function FinalCostField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="move-final-cost">{FINAL_COST_LABEL}</Label>
      <Input
        id="move-final-cost"
        inputMode="decimal"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby="move-final-cost-hint"
        onChange={(event) => onChange(event.target.value)}
        placeholder="0.00"
      />
      {error ? (
        <p className="text-destructive text-sm" role="alert">
          {error}
        </p>
      ) : null}
      <p id="move-final-cost-hint" className="text-muted-foreground text-sm">
        {FINAL_COST_HINT}
      </p>
    </div>
  );
}

/** What a confirmed move adds to it: the note, and the final cost when completing. */
export type MoveDetails = { note?: string; finalAmountCents?: number };

/**
 * The fields a move's confirmation asks (the claim page's and the board's alike): the final cost when
 * completing, prefilled from the amounts the claim has (decision 038), and an optional note for the history.
 * `details()` is what the move sends, or null (the final cost's message shown) when it is not an amount.
 */
export function useMoveDetails(to: ClaimStatus, finalCostPrefillCents: number | null, noteId: string) {
  const [note, setNote] = useState('');
  const asksFinalCost = to === 'completed';
  const [finalCost, setFinalCost] = useState(() => centsToDollarsText(finalCostPrefillCents));
  const [finalCostError, setFinalCostError] = useState<string | undefined>();
  const details = (): MoveDetails | null => {
    const cost = asksFinalCost ? finalCostOf(finalCost) : {};
    setFinalCostError(cost.error);
    if (cost.error) return null;
    return {
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(cost.cents !== undefined ? { finalAmountCents: cost.cents } : {}),
    };
  };
  const fields = (
    <>
      {asksFinalCost && <FinalCostField value={finalCost} error={finalCostError} onChange={setFinalCost} />}
      <div className="grid gap-2">
        <Label htmlFor={noteId}>Note (optional)</Label>
        <Textarea
          id={noteId}
          value={note}
          maxLength={NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Why, or what happens next"
        />
        <p className="text-muted-foreground text-sm">Shown in the status history.</p>
      </div>
    </>
  );
  return { fields, details };
}
