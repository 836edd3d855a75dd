import { CircleAlertIcon, LinkIcon } from 'lucide-react';
import { useParams } from 'wouter';

import { PublicLayout } from '../../components/layout/public-layout';
import { NoticeCard } from '../../components/notice-card';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ShopClaimView, useShopClaimQuery } from '../../features/shop-link';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api-client';

/**
 * `/shop/{token}`: public (no login), the page of the link a repair shop was sent for one claim (issue 32). A revoked
 * or ended link (410) says so and what to do; an unknown one (404) says it is not valid.
 */
export function ShopLinkPage() {
  const { token = '' } = useParams<{ token: string }>();
  const claim = useShopClaimQuery(token);
  useDocumentTitle(
    claim.data ? `Claim ${claim.data.claimNumber} for ${claim.data.facilityName}` : 'Shop link',
  );
  const ended = claim.error instanceof ApiError && (claim.error.status === 410 || claim.error.status === 404);

  return (
    <PublicLayout>
      {/* React puts this in <head>: the link's address is not for search engines. */}
      <meta name="robots" content="noindex" />
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-3 py-6 sm:px-6 sm:py-10">
        {claim.isPending ? (
          <Skeleton className="h-64 w-full" aria-label="Loading the claim" />
        ) : claim.data ? (
          <ShopClaimView token={token} claim={claim.data} />
        ) : ended ? (
          <>
            <h1 className="text-2xl font-semibold tracking-tight">Shop link</h1>
            <NoticeCard
              icon={<LinkIcon />}
              title={
                (claim.error as ApiError).status === 410 ? 'This link no longer works' : 'Link not valid'
              }
            >
              <p className="text-muted-foreground max-w-md text-balance">{claim.error.message}</p>
            </NoticeCard>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight">Shop link</h1>
            <Alert variant="destructive">
              <CircleAlertIcon />
              <AlertTitle>Could not open the claim</AlertTitle>
              <AlertDescription>
                <p>{claim.error?.message}</p>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => void claim.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
