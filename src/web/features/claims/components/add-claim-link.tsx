import { FilePlus2Icon } from 'lucide-react';
import { Link } from 'wouter';

import { Button } from '../../../components/ui/button';

/** The small "Add a claim" button that opens Add Claim (the claims list's header, the dashboard's empty state). */
export function AddClaimLink() {
  return (
    <Button asChild size="sm">
      <Link href="/add-vehicle">
        <FilePlus2Icon aria-hidden="true" />
        Add a claim
      </Link>
    </Button>
  );
}
