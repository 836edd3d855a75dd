import { transitionRequestSchema } from '@shared/claims';
import { FINAL_COST_HINT, FINAL_COST_LABEL } from '@shared/money-facts';

import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { dollarsToCents } from '../../../lib/form-numbers';

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
