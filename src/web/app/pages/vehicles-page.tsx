import { ClipboardListIcon } from 'lucide-react';
import { useSearch } from 'wouter';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function VehiclesPage() {
  // The sidebar's claim search lands here as /vehicles?search={text} (spec §2).
  const search = new URLSearchParams(useSearch()).get('search')?.trim();
  return (
    <UpcomingScreen title="All Claims" icon={<ClipboardListIcon />}>
      Every claim you may see in one table, searchable by claim number, VIN, unit number, plate, make, model
      or driver, with filters, sorting and CSV export.
      {search && <> Your search for “{search}” will show its results here then.</>}
    </UpcomingScreen>
  );
}
