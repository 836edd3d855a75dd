import { useId, useState } from 'react';
import { Loader2Icon } from 'lucide-react';
import { staleRule } from '@shared/claim-board';
import { publicSettingsSchema, STALE_CLAIM_DAYS_MAX } from '@shared/settings';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useUpdateSettingsMutation } from '../api/update-settings';

const daysSchema = publicSettingsSchema.shape.staleClaimDays;

/** The stale-days form of the Claim Manager's setting: a chunk of its own, loaded when the browser is idle. */
export function StaleDaysForm({ current, onSaved }: { current: number; onSaved: (days: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(current));
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateSettingsMutation();

  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = daysSchema.safeParse(text.trim() === '' ? Number.NaN : Number(text));
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Enter a number of days');
          return;
        }
        setError(null);
        mutation.mutate(
          { staleClaimDays: parsed.data },
          {
            onSuccess: (settings) => {
              toast({
                title: 'Setting saved',
                description: `${staleRule(settings.staleClaimDays)}, for everyone.`,
              });
              onSaved(settings.staleClaimDays);
            },
            onError: (failure) => {
              const message =
                failure instanceof ApiError ? failure.fieldErrors?.staleClaimDays?.[0] : undefined;
              if (message) setError(message);
              else
                toast({
                  variant: 'destructive',
                  title: 'Could not save the setting',
                  description: failure.message,
                });
            },
          },
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Stale after (days)</Label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={STALE_CLAIM_DAYS_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          For everyone: a claim in the same status for this many days or more is highlighted on the board.
        </p>
        {error && (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" disabled={mutation.isPending}>
        {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Save
      </Button>
    </form>
  );
}
