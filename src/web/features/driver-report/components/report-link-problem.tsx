import { CircleAlertIcon, QrCodeIcon } from 'lucide-react';

import { NoticeCard } from '../../../components/notice-card';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

/**
 * Why a report link shows no form. A link replaced (410) or never made (404) says so in the server's words, which tell
 * the driver what to do instead; anything else (no connection) offers to try again.
 */
export function ReportLinkProblem({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
    return (
      <NoticeCard
        icon={<QrCodeIcon />}
        title={error.status === 410 ? 'This link no longer works' : 'Link not valid'}
      >
        <p className="text-muted-foreground max-w-md text-balance">{error.message}</p>
      </NoticeCard>
    );
  }
  return (
    <Alert variant="destructive">
      <CircleAlertIcon />
      <AlertTitle>The report form did not open</AlertTitle>
      <AlertDescription>
        <p>{error?.message}</p>
        <Button variant="outline" className="mt-2 h-10" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
