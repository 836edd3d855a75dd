import { useState } from 'react';
import { PlusIcon } from 'lucide-react';

import { AccessDenied } from '../../components/access-denied';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAuthorization } from '../../features/auth';
import { Companies, CompanyFormDialog } from '../../features/fleet';
import { useDocumentTitle } from '../../hooks/use-document-title';

const TITLE = 'Companies';

function NoAccess() {
  useDocumentTitle(TITLE);
  return <AccessDenied title={TITLE} audience="administrators and managers" />;
}

/** Companies (PRODUCT.md §6): admins see and manage all; managers see their own companies. */
export function CompaniesPage() {
  const { can, isLoading } = useAuthorization();
  const [creating, setCreating] = useState(false);

  if (isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-muted-foreground size-8" />
      </div>
    );
  }
  if (!can('companies.dashboard')) return <NoAccess />;
  const canManage = can('companies.manage');

  return (
    <Page
      title={TITLE}
      description={
        canManage
          ? 'The fleets you repair vehicles for, with what each has open and down right now.'
          : 'Your companies, with what each has open and down right now.'
      }
      actions={
        canManage && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Create company
          </Button>
        )
      }
    >
      <Companies canManage={canManage} canSeeLocations={can('locations.dashboard')} />
      <CompanyFormDialog open={creating} company={null} onOpenChange={setCreating} />
    </Page>
  );
}
