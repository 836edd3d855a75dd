import { UserPlusIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { useUserCompanies } from '../../features/auth';
import { CreateUserDialog, UserManagement } from '../../features/users';
import { useCreateDialogParam } from '../../hooks/use-create-dialog-param';
import { ROUTE_PERMISSIONS } from '../route-permissions';
import { useSession } from '../session';

const TITLE = ROUTE_PERMISSIONS.users.title;

/** User Management (PRODUCT.md §6): administrators only; the server refuses everyone else's calls too. */
export function UsersPage() {
  const { user, can } = useSession();
  // For an admin, "the user's companies" are all companies: the choices of the filter and the forms.
  const companies = useUserCompanies().data ?? [];
  // `?new=1` opens the form: the setup checklist links straight to it.
  const [creating, setCreating] = useCreateDialogParam();

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
      <CreateUserDialog
        open={can('users.manage') && creating}
        onOpenChange={setCreating}
        companies={companies}
      />
    </Page>
  );
}
