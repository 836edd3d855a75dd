import { Page } from '../../components/layout/page';
import { MailOutbox } from '../../features/mail-outbox';
import { ROUTE_PERMISSIONS } from '../route-permissions';

const TITLE = ROUTE_PERMISSIONS.mailOutbox.title;

/** Mail Outbox (PRODUCT.md §7): held and failed mail, for administrators, to send again. */
export function MailOutboxPage() {
  return (
    <Page
      title={TITLE}
      description="Mail that could not go out: held while no mail server is configured, or refused by it. Send it again from here."
    >
      <MailOutbox />
    </Page>
  );
}
