import { Loader2Icon, UserRoundCogIcon } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../api/get-user';
import { useReturnToAdminMutation } from '../api/return-to-admin';

/**
 * The red bar on top of every signed-in page while an admin acts as someone else (spec §2, §4): who they
 * appear as, who they really are, and the way back.
 */
export function ImpersonationBanner() {
  const { data: user } = useCurrentUser();
  const returnMutation = useReturnToAdminMutation();
  if (!user?.isImpersonating) return null;

  return (
    <div
      role="region"
      aria-label="Impersonation"
      className="bg-destructive sticky top-0 z-40 w-full text-white"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <UserRoundCogIcon className="size-4 shrink-0" aria-hidden="true" />
          <span>
            You are acting as <strong className="font-semibold">{user.username}</strong>
            {user.originalAdmin && (
              <>
                {' '}
                (signed in as <strong className="font-semibold">{user.originalAdmin.username}</strong>)
              </>
            )}
            .
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="border-white/70 bg-transparent text-white shadow-none hover:bg-white hover:text-destructive"
          onClick={() => returnMutation.mutate()}
          disabled={returnMutation.isPending || returnMutation.isSuccess}
        >
          {returnMutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Return to Admin
        </Button>
      </div>
    </div>
  );
}
