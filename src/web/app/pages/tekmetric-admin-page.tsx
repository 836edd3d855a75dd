import { CableIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function TekmetricAdminPage() {
  return (
    <UpcomingScreen title="Tekmetric Admin" icon={<CableIcon />}>
      Connect Tekmetric, map its shops to repair facilities, and sync repair orders of fleet vehicles into
      mechanical claims.
    </UpcomingScreen>
  );
}
