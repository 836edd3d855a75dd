import { Suspense, useState } from 'react';
import { KeyRoundIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle, CardAction } from '../../components/ui/card';
import { OwnApiTokensCard } from '../../features/api-tokens';
import { useAuthorization, useCurrentUser, ChangePasswordDialog } from '../../features/auth';
import { NotificationPreferencesCard, ProfileDetailsForm, ProfilePhotoCard } from '../../features/profile';

function PasswordCard({ impersonating }: { impersonating: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Password</h2>
        </CardTitle>
        <CardDescription>
          {impersonating
            ? 'Return to your own account to change a password: this one is not yours to set.'
            : 'Change the password you use to log in. Your other sessions are signed out.'}
        </CardDescription>
        <CardAction>
          <Button variant="outline" onClick={() => setOpen(true)} disabled={impersonating}>
            <KeyRoundIcon aria-hidden="true" />
            Change password
          </Button>
        </CardAction>
      </CardHeader>
      <ChangePasswordDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}

/** Edit Profile (PRODUCT.md §6): photo, names and email, notification preferences, password; a manager's API tokens. */
export function ProfilePage() {
  const { data: user } = useCurrentUser();
  const { can } = useAuthorization();
  if (!user) return null; // the route guard shows this page to a signed-in user only

  return (
    <Page
      title="Edit Profile"
      description="Your photo, your details, your notifications and your password."
      className="max-w-3xl"
    >
      <div className="grid gap-6">
        <ProfilePhotoCard user={user} />
        <ProfileDetailsForm key={user.id} user={user} />
        <NotificationPreferencesCard key={`notifications-${user.id}`} hasEmail={Boolean(user.email)} />
        <PasswordCard impersonating={user.isImpersonating} />
        {/* A manager's own API tokens; administrators manage every token under System Settings. */}
        {can('api.tokens.own') && !can('system.api.manage') && (
          <Suspense fallback={null}>
            <OwnApiTokensCard />
          </Suspense>
        )}
      </div>
    </Page>
  );
}
