import { useState } from 'react';

import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { usePublicSettings } from '../api/get-public-settings';
import { useUpdateSettingsMutation } from '../api/update-settings';

/** System Settings → API & Webhooks: whether managers may create API tokens of their own (issue 33). */
export function ManagersApiTokensSetting() {
  const settings = usePublicSettings().data;
  const mutation = useUpdateSettingsMutation();
  // What was asked, shown at once (the click's own render) while it saves; a failure puts the box back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const id = 'managers-create-api-tokens';
  return (
    <div className="flex items-start gap-2 rounded-md border p-3">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={asked ?? settings?.managersCreateApiTokens ?? false}
        disabled={!settings || mutation.isPending}
        onCheckedChange={(checked) => {
          setAsked(checked === true);
          mutation.mutate(
            { managersCreateApiTokens: checked === true },
            {
              onSettled: () => setAsked(null),
              onSuccess: (saved) =>
                toast({
                  title: 'Setting saved',
                  description: saved.managersCreateApiTokens
                    ? 'Managers can now create API tokens for their companies, under Edit Profile.'
                    : 'Managers can no longer create API tokens; the ones they made work until revoked or expired.',
                }),
              onError: (failure) =>
                toast({
                  variant: 'destructive',
                  title: 'Could not save the setting',
                  description: failure.message,
                }),
            },
          );
        }}
      />
      <Label htmlFor={id} className="grid gap-0.5 font-normal">
        <span className="font-medium">Managers may create tokens of their own</span>
        <span className="text-muted-foreground text-sm">
          Under Edit Profile, for chosen companies of theirs and the claims and fleet scopes they hold. Their
          tokens are listed here too, and you can revoke them.
        </span>
      </Label>
    </div>
  );
}
