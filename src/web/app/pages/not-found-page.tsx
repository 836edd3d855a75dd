import { MapPinOffIcon } from 'lucide-react';
import { Link } from 'wouter';

import { PageMessage } from '../../components/page-message';
import { Button } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <PageMessage
      icon={<MapPinOffIcon />}
      title="Page not found"
      action={
        <Button asChild>
          <Link href="/">Go to the dashboard</Link>
        </Button>
      }
    >
      There is no page at this address. The link may be mistyped, or the page may have moved.
    </PageMessage>
  );
}
