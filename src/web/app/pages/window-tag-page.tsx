import { TagIcon } from 'lucide-react';

import { PublicLayout } from '../../components/layout/public-layout';
import { UpcomingScreen } from '../../components/upcoming-screen';

export function WindowTagPage() {
  return (
    <PublicLayout>
      <UpcomingScreen title="Window Tag" icon={<TagIcon />}>
        A printable tag for the vehicle’s window: claim number, unit number, repair facility, status, expected
        completion and a QR code that opens the claim.
      </UpcomingScreen>
    </PublicLayout>
  );
}
