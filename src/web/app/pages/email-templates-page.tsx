import { useSearch } from 'wouter';
import { EMAIL_TEMPLATE_KEYS } from '@shared/email-templates';

import { Page } from '../../components/layout/page';
import { EmailTemplateEditorScreen, EmailTemplatesList } from '../../features/email-templates';
import { ROUTE_PERMISSIONS } from '../route-permissions';

const TITLE = ROUTE_PERMISSIONS.emailTemplates.title;

/** The template being edited, named in the address (`?key=welcome`), so Back returns to the list. */
function useTemplateKeyFromAddress() {
  const key = new URLSearchParams(useSearch()).get('key');
  return EMAIL_TEMPLATE_KEYS.find((known) => known === key);
}

/** Email Templates (PRODUCT.md §6): the emails FleetClaims sends, for administrators to word. */
export function EmailTemplatesPage() {
  const templateKey = useTemplateKeyFromAddress();

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
