import { Page } from '../../components/layout/page';
import { ContactSubmissions } from '../../features/support';
import { ROUTE_PERMISSIONS } from '../route-permissions';

const TITLE = ROUTE_PERMISSIONS.contactSubmissions.title;

/** Contact Submissions (PRODUCT.md §6): messages from the public support page, for administrators. */
export function ContactSubmissionsPage() {
  return (
    <Page
      title={TITLE}
      description="Demo requests and questions sent from the public support page. Answer by email, then mark them."
    >
      <ContactSubmissions />
    </Page>
  );
}
