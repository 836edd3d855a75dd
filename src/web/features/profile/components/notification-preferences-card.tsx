import { useState } from 'react';
import { Loader2Icon } from 'lucide-react';
import {
  digestTimeIn,
  NOTIFICATION_TYPE_LABELS,
  type NotificationChannels,
  type NotificationPreferences,
  type NotificationPreferencesAnswer,
} from '@shared/notification-preferences';
import { NOTIFICATION_TYPES, type NotificationType } from '@shared/notifications';

import { Button } from '../../../components/ui/button';
import { CardHeading } from '../../../components/card-heading';
import { Card, CardContent, CardFooter } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import {
  useNotificationPreferences,
  useSaveNotificationPreferencesMutation,
} from '../api/notification-preferences';

/** What each kind is about, under its name. */
const HINTS: Record<NotificationType, string> = {
  mention: 'Someone @mentions you in a claim note',
  assignment: 'A claim is assigned to you',
  status_change: 'A claim you are assigned to or watch moves',
  authorization_request: 'A shop asks you to authorize mechanical work',
  authorization_decision: 'An authorization you follow is approved or declined',
  estimate_review: 'An estimate or supplement waits for review',
  shop_update: 'A repair shop posts a note or moves the ETA through its shop link on a claim you follow',
  driver_report: 'A driver reports damage or a breakdown from a vehicle of your companies',
  system: 'Imports, integrations and other messages from FleetClaims',
};

const CHANNELS: { key: keyof NotificationChannels; label: string }[] = [
  { key: 'inApp', label: 'In the app' },
  { key: 'email', label: 'By email' },
];

/** The choices of an answer, without what it only tells (the digest's zone). */
const choicesOf = ({ channels, dailyDigest }: NotificationPreferencesAnswer): NotificationPreferences => ({
  channels,
  dailyDigest,
});

function PreferencesForm({
  saved,
  digestTimeZone,
  hasEmail,
}: {
  saved: NotificationPreferences;
  digestTimeZone: string;
  hasEmail: boolean;
}) {
  const [draft, setDraft] = useState(saved);
  const mutation = useSaveNotificationPreferencesMutation();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const setChannel = (type: NotificationType, key: keyof NotificationChannels, on: boolean) =>
    setDraft((current) => ({
      ...current,
      channels: { ...current.channels, [type]: { ...current.channels[type], [key]: on } },
    }));
  const onSave = () =>
    mutation.mutate(draft, {
      onSuccess: (next) => {
        setDraft(choicesOf(next));
        toast({ title: 'Notification preferences saved' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not save your notification preferences',
          description: error.message,
        }),
    });

  return (
    <>
      <CardContent className="grid gap-5">
        {!hasEmail && (
          <p className="text-sm text-amber-800">
            Add an email address under Personal details: until then nothing is sent by email.
          </p>
        )}
        <table className="w-full text-sm">
          <caption className="sr-only">Where each kind of notification reaches you</caption>
          <thead>
            <tr className="text-muted-foreground border-b text-left">
              <th scope="col" className="py-2 font-medium">
                Notification
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel.key} scope="col" className="w-20 py-2 text-center font-medium sm:w-28">
                  {channel.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_TYPES.map((type) => (
              <tr key={type} className="border-b last:border-0">
                <th scope="row" className="py-2.5 pr-2 text-left font-normal">
                  <span className="block font-medium">{NOTIFICATION_TYPE_LABELS[type]}</span>
                  <span className="text-muted-foreground block text-xs">{HINTS[type]}</span>
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel.key} className="py-2.5 text-center">
                    <Checkbox
                      aria-label={`${NOTIFICATION_TYPE_LABELS[type]}: ${channel.label.toLowerCase()}`}
                      checked={draft.channels[type][channel.key]}
                      onCheckedChange={(checked) => setChannel(type, channel.key, checked === true)}
                      className="size-5"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex items-start gap-3 rounded-md border p-3">
          <Checkbox
            id="notification-daily-digest"
            checked={draft.dailyDigest}
            onCheckedChange={(checked) =>
              setDraft((current) => ({ ...current, dailyDigest: checked === true }))
            }
            className="mt-0.5 size-5"
          />
          <div className="grid gap-1">
            <Label htmlFor="notification-daily-digest">Daily email digest</Label>
            <p className="text-muted-foreground text-sm">
              One email each day at {digestTimeIn(digestTimeZone)} listing the day’s notifications you have
              not read yet.
            </p>
          </div>
        </div>
      </CardContent>
      <CardFooter className="justify-end gap-2 border-t pt-6">
        <Button
          type="button"
          variant="ghost"
          disabled={!dirty || mutation.isPending}
          onClick={() => setDraft(saved)}
        >
          Discard changes
        </Button>
        <Button type="button" disabled={!dirty || mutation.isPending} onClick={onSave}>
          {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Save preferences
        </Button>
      </CardFooter>
    </>
  );
}

/** Notification preferences (`/api/user/notification-preferences`): per kind, in the app and/or by email. */
export function NotificationPreferencesCard({ hasEmail }: { hasEmail: boolean }) {
  const { data, isPending, isError, error } = useNotificationPreferences();
  return (
    <Card>
      <CardHeading
        title="Notifications"
        description={<>Choose what reaches you in the app and what is also sent to your email.</>}
      />
      {isPending ? (
        <CardContent
          role="status"
          aria-busy="true"
          aria-label="Loading notification preferences"
          className="grid gap-3"
        >
          {NOTIFICATION_TYPES.map((type) => (
            <Skeleton key={type} className="h-9 w-full" />
          ))}
        </CardContent>
      ) : isError ? (
        <CardContent>
          <p role="alert" className="text-destructive text-sm">
            Could not load your notification preferences: {error.message}
          </p>
        </CardContent>
      ) : (
        <PreferencesForm saved={choicesOf(data)} digestTimeZone={data.digestTimeZone} hasEmail={hasEmail} />
      )}
    </Card>
  );
}
