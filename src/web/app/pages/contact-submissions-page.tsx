import { AccessDenied } from '../../components/access-denied';
import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/ui/spinner';
import { useAuthorization } from '../../features/auth';
import { ContactSubmissions } from '../../features/support';
import { useDocumentTitle } from '../../hooks/use-document-title';

const TITLE = 'Contact Submissions';

function NoAccess() {
  useDocumentTitle(TITLE);
  return <AccessDenied title={TITLE} />;
}

/** Contact Submissions (PRODUCT.md §6): messages from the public support page, for administrators. */
export function ContactSubmissionsPage() {
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
    <Page
      title={TITLE}
      description="Demo requests and questions sent from the public support page. Answer by email, then mark them."
    >
      <ContactSubmissions />
    </Page>
  );
}
