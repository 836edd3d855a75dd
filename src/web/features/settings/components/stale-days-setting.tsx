import { useId, useState } from 'react';
import { Loader2Icon, Settings2Icon } from 'lucide-react';
import { staleRule } from '@shared/claim-board';
import { publicSettingsSchema, STALE_CLAIM_DAYS_MAX } from '@shared/settings';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useUpdateSettingsMutation } from '../api/update-settings';

const daysSchema = publicSettingsSchema.shape.staleClaimDays;

function StaleDaysForm({ current, onSaved }: { current: number; onSaved: (days: number) => void }) {
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

/**
 * The system setting behind the Claim Manager's stale highlighting, changed where its effect is seen. Only
 * for those who may change system settings (admins).
 */
export function StaleDaysSetting({ current, onSaved }: { current: number; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7">
          <Settings2Icon aria-hidden="true" />
          Change
          <span className="sr-only"> the number of days after which a claim is stale</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72">
        <StaleDaysForm
          key={String(open)}
          current={current}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
