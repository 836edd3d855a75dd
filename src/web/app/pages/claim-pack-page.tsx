import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, FileArchiveIcon, LinkIcon } from 'lucide-react';
import { useParams } from 'wouter';
import type { ClaimPackSummary } from '@shared/claim-pack';

import { PublicLayout } from '../../components/layout/public-layout';
import { NoticeCard } from '../../components/notice-card';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError, apiRequest } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-relative-time';

const packApi = (token: string) => `/api/claim-packs/${encodeURIComponent(token)}`;

/**
 * `/claim-packs/{token}`: public (no login), the page of the link an insurer's adjuster was mailed (issue 32): what
 * the pack holds and its download. A revoked or expired link (410) says so and what to do; an unknown one (404)
 * says it is not valid.
 */
export function ClaimPackPage() {
  const { token = '' } = useParams<{ token: string }>();
  const pack = useQuery({
    queryKey: ['claim-pack', token],
    retry: false,
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', packApi(token), undefined, { signal, cache: 'no-store' })
      ).json()) as ClaimPackSummary,
  });
  useDocumentTitle(pack.data ? `Claim pack ${pack.data.claimNumber}` : 'Claim pack');
  const ended = pack.error instanceof ApiError && (pack.error.status === 410 || pack.error.status === 404);

  return (
    <PublicLayout>
      {/* React puts this in <head>: the link's address is not for search engines. */}
      <meta name="robots" content="noindex" />
      <div className="mx-auto grid max-w-xl gap-6 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight">Claim pack</h1>
        {pack.isPending ? (
          <Skeleton className="h-48 w-full" aria-label="Loading the claim pack" />
        ) : pack.data ? (
          <section className="bg-card grid gap-4 rounded-xl border p-6" aria-labelledby="claim-pack-claim">
            <div className="flex items-start gap-3">
              <div
                aria-hidden="true"
                className="bg-muted text-muted-foreground flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5"
              >
                <FileArchiveIcon />
              </div>
              <div className="grid gap-1">
                <h2 id="claim-pack-claim" className="text-lg font-semibold">
                  Claim {pack.data.claimNumber}
                </h2>
                <p className="text-muted-foreground">
                  {pack.data.companyName} · {pack.data.vehicle}
                </p>
              </div>
            </div>
            <p>
              One ZIP with the claim report as a PDF
              {pack.data.files === 0
                ? '.'
                : pack.data.files === 1
                  ? ' and 1 photo or document, as uploaded.'
                  : ` and ${pack.data.files} photos and documents, as uploaded.`}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <Button asChild>
                <a href={`${packApi(token)}/download`} download>
                  <FileArchiveIcon aria-hidden="true" />
                  Download the claim pack
                </a>
              </Button>
              <span className="text-muted-foreground text-sm">
                The link works until {formatDateTime(pack.data.expiresAt)}.
              </span>
            </div>
          </section>
        ) : ended ? (
          <NoticeCard
            icon={<LinkIcon />}
            title={(pack.error as ApiError).status === 410 ? 'This link no longer works' : 'Link not valid'}
          >
            <p className="text-muted-foreground max-w-md text-balance">{pack.error.message}</p>
          </NoticeCard>
        ) : (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>Could not open the claim pack</AlertTitle>
            <AlertDescription>
              <p>{pack.error?.message}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void pack.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        )}
      </div>
    </PublicLayout>
  );
}
