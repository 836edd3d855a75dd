import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { staleRule } from '@shared/claim-board';
import {
  DEFAULT_SHOP_QUIET_DAYS,
  publicSettingsSchema,
  STALE_CLAIM_DAYS_MAX,
  type PublicSettings,
} from '@shared/settings';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { publicSettingsQueryOptions } from '../api/get-public-settings';
import { useUpdateSettingsMutation } from '../api/update-settings';

type DaysSetting = 'staleClaimDays' | 'shopQuietDays';

/** What each of the board's day settings is called, what it does, and what saving it says. */
const DAYS_SETTINGS: Record<DaysSetting, { label: string; hint: string; saved: (days: number) => string }> = {
  staleClaimDays: {
    label: 'Stale after (days)',
    hint: 'For everyone: a claim in the same status for this many days or more is highlighted on the board.',
    saved: (days) => `${staleRule(days)}, for everyone.`,
  },
  shopQuietDays: {
    label: 'Shop quiet after (days)',
    hint: 'For everyone: a claim whose shop was sent a shop link and has not updated it for this many days is flagged.',
    saved: (days) => `A shop quiet for ${days}+ ${days === 1 ? 'day' : 'days'} is flagged, for everyone.`,
  },
};

/**
 * The Claim Manager's settings, stale days and quiet-shop days: a chunk of its own, loaded when the browser is
 * idle.
 */
export function StaleDaysForm({ current, onSaved }: { current: number; onSaved: (days: number) => void }) {
  const shopQuietDays = useQuery({
    ...publicSettingsQueryOptions(),
    select: (settings) => settings.shopQuietDays,
  });
  return (
    <div className="grid gap-4">
      <DaysForm setting="staleClaimDays" current={current} onSaved={onSaved} />
      <DaysForm
        setting="shopQuietDays"
        current={shopQuietDays.data ?? DEFAULT_SHOP_QUIET_DAYS}
        onSaved={onSaved}
      />
    </div>
  );
}

function DaysForm({
  setting,
  current,
  onSaved,
}: {
  setting: DaysSetting;
  current: number;
  onSaved: (days: number) => void;
}) {
  const { label, hint, saved } = DAYS_SETTINGS[setting];
  const daysSchema = publicSettingsSchema.shape[setting];
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
        mutation.mutate({ [setting]: parsed.data } as Partial<PublicSettings>, {
          onSuccess: (settings) => {
            toast({ title: 'Setting saved', description: saved(settings[setting]) });
            onSaved(settings[setting]);
          },
          onError: (failure) => {
            const message = failure instanceof ApiError ? failure.fieldErrors?.[setting]?.[0] : undefined;
            if (message) setError(message);
            else
              toast({
                variant: 'destructive',
                title: 'Could not save the setting',
                description: failure.message,
              });
          },
        });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
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
          {hint}
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
