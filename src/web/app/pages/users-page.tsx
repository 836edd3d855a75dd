import { useState } from 'react';
import { UserPlusIcon } from 'lucide-react';

import { AccessDenied } from '../../components/access-denied';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useUserCompanies, useAuthorization } from '../../features/auth';
import { CreateUserDialog, UserManagement } from '../../features/users';
import { useDocumentTitle } from '../../hooks/use-document-title';

const TITLE = 'User Management';

function NoAccess() {
  useDocumentTitle(TITLE);
  return <AccessDenied title={TITLE} />;
}

/** User Management (PRODUCT.md §6): administrators only; the server refuses everyone else's calls too. */
export function UsersPage() {
  const { user, can, isLoading } = useAuthorization();
  const allowed = can('users.view');
  // For an admin, "the user's companies" are all companies: the choices of the filter and the forms.
  const companies = useUserCompanies({ enabled: allowed }).data ?? [];
  const [creating, setCreating] = useState(false);

  if (isLoading || !user) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-muted-foreground size-8" />
      </div>
    );
  }
  if (!allowed) return <NoAccess />;

  return (
    <Page
      title={TITLE}
      description="Who can log in, what each person may do, and for which companies."
      actions={
        can('users.manage') && (
          <Button onClick={() => setCreating(true)}>
            <UserPlusIcon aria-hidden="true" />
            Create user
          </Button>
        )
      }
    >
      <UserManagement
        companies={companies}
        currentUserId={user.id}
        canManage={can('users.manage')}
        canImpersonate={can('users.impersonate') && !user.isImpersonating}
      />
      <CreateUserDialog open={creating} onOpenChange={setCreating} companies={companies} />
    </Page>
  );
}
