import { useSearch } from 'wouter';
import { EMAIL_TEMPLATE_KEYS } from '@shared/email-templates';

import { AccessDenied } from '../../components/access-denied';
import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/ui/spinner';
import { useAuthorization } from '../../features/auth';
import { EmailTemplateEditorScreen, EmailTemplatesList } from '../../features/email-templates';
import { useDocumentTitle } from '../../hooks/use-document-title';

const TITLE = 'Email Templates';

function NoAccess() {
  useDocumentTitle(TITLE);
  return <AccessDenied title={TITLE} />;
}

/** The template being edited, named in the address (`?key=welcome`), so Back returns to the list. */
function useTemplateKeyFromAddress() {
  const key = new URLSearchParams(useSearch()).get('key');
  return EMAIL_TEMPLATE_KEYS.find((known) => known === key);
}

/** Email Templates (PRODUCT.md §6): the emails FleetClaims sends, for administrators to word. */
export function EmailTemplatesPage() {
  const { user, can, isLoading } = useAuthorization();
  const templateKey = useTemplateKeyFromAddress();

  if (isLoading || !user) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-muted-foreground size-8" />
      </div>
    );
  }
  if (!can('system.email.templates.manage')) return <NoAccess />;
  if (templateKey) return <EmailTemplateEditorScreen key={templateKey} templateKey={templateKey} />;

  return (
    <Page
      title={TITLE}
      description="The emails FleetClaims sends. Change their wording, preview them with sample data, or go back to the default text."
    >
      <EmailTemplatesList />
    </Page>
  );
}
