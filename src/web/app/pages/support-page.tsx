import { LifeBuoyIcon } from 'lucide-react';

import { PublicLayout } from '../../components/layout/public-layout';
import { UpcomingScreen } from '../../components/upcoming-screen';

export function SupportPage() {
  return (
    <PublicLayout>
      <UpcomingScreen title="Support" icon={<LifeBuoyIcon />}>
        A contact form to ask for a demo or for help. Until it arrives, your FleetClaims administrator can
        help with accounts and access.
      </UpcomingScreen>
    </PublicLayout>
  );
}
