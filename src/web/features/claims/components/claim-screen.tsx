import { CircleAlertIcon, SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Claim } from '@shared/claims';

import { Page } from '../../../components/layout/page';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { NoticeCard } from '../../../components/notice-card';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useAuthorization } from '../../auth';
import { useClaim } from '../api/get-claim';
import { ClaimDetails } from './claim-details';
import { ClaimHeaderActions, ClaimKeyFacts, ClaimSummary } from './claim-header';
import { ClaimNotes } from './claim-notes';
import { ClaimWorkflowCard } from './claim-workflow-card';
import { RelatedClaims } from './related-claims';
import { StatusHistory } from './status-history';

const BACK = { href: '/vehicles', label: 'All claims' };

/** Two columns from 1280 px (the work on the left, the conversation and history on the right), else one. */
const COLUMNS = 'grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]';

function ClaimSkeleton() {
  return (
    <Page title="Claim" back={BACK}>
      <div className={COLUMNS} role="status" aria-busy="true" aria-label="Loading the claim">
        <div className="grid content-start gap-6">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
        <div className="grid content-start gap-6">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </div>
    </Page>
  );
}

/** An unknown id and another company's claim answer the same 404, so nothing leaks which it was. */
function ClaimNotFound() {
  return (
    <Page title="Claim not found" back={BACK}>
      <NoticeCard icon={<SearchXIcon />}>
        <p className="max-w-md text-balance">
          There is no claim at this address that you can see. It may have been deleted, or it belongs to a
          company you are not linked to.
        </p>
        <Button asChild>
          <Link href="/vehicles">Go to All Claims</Link>
        </Button>
      </NoticeCard>
    </Page>
  );
}

/**
 * The sections that other features own (their screens talk to other server modules); the page composes them,
 * so this feature does not import theirs.
 */
export interface ClaimScreenSections {
  /** Shown for mechanical claims only. */
  authorizations: (claim: Claim) => ReactNode;
  estimates: (claim: Claim) => ReactNode;
  attachments: (claim: Claim) => ReactNode;
  /** The claim's invoice, for who may see accounting; absent for everyone else. */
  invoice?: ((claim: Claim) => ReactNode) | undefined;
}

/**
 * The claim page (`/vehicles/{id}`): summary and key facts, progress and moves, attachments, authorizations
 * (mechanical claims), estimates, details, invoice; notes, history, other claims. Long sections fold.
 */
export function ClaimScreen({ claimId, sections }: { claimId: string; sections: ClaimScreenSections }) {
  const claim = useClaim(claimId);
  const { can } = useAuthorization();

  if (claim.isPending) return <ClaimSkeleton />;
  if (claim.isError && !claim.data) {
    if (claim.error instanceof ApiError && (claim.error.status === 404 || claim.error.status === 400)) {
      return <ClaimNotFound />;
    }
    return (
      <Page title="Claim" back={BACK}>
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>The claim could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{claim.error.message}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void claim.refetch()}
              disabled={claim.isFetching}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </Page>
    );
  }

  const data = claim.data;
  return (
    <Page
      title={data.claimNumber}
      back={BACK}
      description={<ClaimSummary claim={data} />}
      actions={<ClaimHeaderActions claim={data} />}
    >
      <ClaimKeyFacts claim={data} />
      <div className={cn(COLUMNS, 'mt-6')}>
        {/* In order of use: the next move, the photos, what the repair costs, then the record and the bill. */}
        <div className="grid min-w-0 content-start gap-6">
          <ClaimWorkflowCard claim={data} canMove={can('claims.transition')} />
          {sections.attachments(data)}
          {data.workflow === 'mechanical' && sections.authorizations(data)}
          {sections.estimates(data)}
          <ClaimDetails claim={data} canEdit={can('vehicles.edit')} />
          {sections.invoice?.(data)}
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <ClaimNotes claimId={data.id} canComment={can('notes.create')} />
          <StatusHistory claimId={data.id} />
          <RelatedClaims claimId={data.id} unitNumber={data.vehicle.unitNumber} />
        </div>
      </div>
    </Page>
  );
}
