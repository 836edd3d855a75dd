import { AccessDenied } from '../../components/access-denied';
import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/ui/spinner';
import { useAuthorization } from '../../features/auth';
import { BugReports } from '../../features/support';
import { useDocumentTitle } from '../../hooks/use-document-title';

const TITLE = 'Bug Reports';

function NoAccess() {
  useDocumentTitle(TITLE);
  return <AccessDenied title={TITLE} />;
}

/** Bug Reports (PRODUCT.md §6): administrators triage what users reported; the server refuses others. */
export function BugReportsPage() {
  const { user, can, isLoading } = useAuthorization();

  if (isLoading || !user) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-muted-foreground size-8" />
      </div>
    );
  }
  if (!can('system.support.manage')) return <NoAccess />;

  return (
    <Page title={TITLE} description="Problems users reported from the Help page, to triage and see through.">
      <BugReports />
    </Page>
  );
}
