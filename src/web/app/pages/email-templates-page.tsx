import { MailIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function EmailTemplatesPage() {
  return (
    <UpcomingScreen title="Email Templates" icon={<MailIcon />}>
      Edit the emails FleetClaims sends, with a live preview, the list of placeholders, a test send and a
      reset to the default text.
    </UpcomingScreen>
  );
}
