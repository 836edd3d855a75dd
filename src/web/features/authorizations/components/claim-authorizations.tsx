import { useState } from 'react';
import { CheckIcon, ClipboardCheckIcon, MinusIcon, SendIcon, XIcon } from 'lucide-react';
import type { Authorization } from '@shared/authorizations';
import type { Claim } from '@shared/claims';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';
import { canDecideAuthorization, canRequestAuthorization } from '@shared/authorizations.policy';
import { formatCents } from '@shared/money';
import type { Holds } from '@shared/permissions';

import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../components/ui/accordion';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClaimAuthorizations } from '../api/get-claim-authorizations';
import { AuthorizationStatusBadge } from './authorization-status-badge';
import { RelativeTime, ClaimSection } from '../../claims';
import { lazyDialog } from '../../../components/lazy-dialog';

// The two forms (react-hook-form, the authorization schemas) load after the claim draws (issue 30).
const AuthorizationRequestDialog = lazyDialog(
  () => import('./authorization-request-dialog').then((m) => m.AuthorizationRequestDialog),
  (props) => props.open,
);
const AuthorizationReviewDialog = lazyDialog(
  () => import('./authorization-review-dialog').then((m) => m.AuthorizationReviewDialog),
  (props) => props.open,
);

function LineMark({ approved }: { approved: boolean | null }) {
  if (approved === null)
    return <MinusIcon className="text-muted-foreground size-4" aria-label="Awaiting decision" />;
  return approved ? (
    <CheckIcon className="size-4 text-emerald-700" aria-label="Approved" />
  ) : (
    <XIcon className="text-destructive size-4" aria-label="Not approved" />
  );
}

function Decision({ authorization }: { authorization: Authorization }) {
  if (authorization.status === 'pending' || !authorization.decidedAt) return null;
  return (
    <>
      {' · '}
      {authorization.decidedAutomatically
        ? 'automatic approval'
        : `${authorization.status === 'withdrawn' ? 'withdrawn' : 'decided'} by ${authorization.decidedBy?.name ?? 'a deleted user'}`}{' '}
      <RelativeTime date={authorization.decidedAt} />
    </>
  );
}

function AuthorizationSummary({ authorization }: { authorization: Authorization }) {
  const approved = authorization.approvedAmountCents;
  return (
    <span className="grid min-w-0 flex-1 gap-1">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">Request {authorization.sequence}</span>
        <AuthorizationStatusBadge status={authorization.status} />
        <span className="ml-auto tabular-nums">
          {approved !== null &&
          authorization.status !== 'declined' &&
          approved !== authorization.requestedAmountCents
            ? `${formatCents(approved)} of ${formatCents(authorization.requestedAmountCents)}`
            : formatCents(authorization.requestedAmountCents)}
        </span>
      </span>
      <span className="text-muted-foreground text-xs font-normal">
        Requested{authorization.requestedBy && ` by ${authorization.requestedBy.name}`}{' '}
        <RelativeTime date={authorization.createdAt} />
        <Decision authorization={authorization} />
      </span>
    </span>
  );
}

function AuthorizationBody({ authorization }: { authorization: Authorization }) {
  return (
    <div className="grid gap-3 text-sm">
      <ul className="grid gap-1.5" aria-label={`Lines of request ${authorization.sequence}`}>
        {authorization.lines.map((line) => (
          <li key={line.id} className="flex items-start gap-2">
            <span className="mt-0.5">
              <LineMark approved={line.approved} />
            </span>
            <span className="flex-1 break-words">{line.description}</span>
            <span className="tabular-nums">{formatCents(line.amountCents)}</span>
          </li>
        ))}
      </ul>
      {authorization.note && (
        <div>
          <p className="text-muted-foreground text-xs font-medium">What was found</p>
          <p className="break-words whitespace-pre-wrap">{authorization.note}</p>
        </div>
      )}
      {authorization.decisionNote && (
        <div>
          <p className="text-muted-foreground text-xs font-medium">
            {authorization.status === 'declined' || authorization.status === 'withdrawn'
              ? 'Reason'
              : 'Decision note'}
          </p>
          <p className="break-words whitespace-pre-wrap">{authorization.decisionNote}</p>
        </div>
      )}
    </div>
  );
}

/**
 * A mechanical claim's authorization requests, newest first. What the user may do is what the server allows
 * (`@shared/authorizations.policy`): in diagnosis, those who may move the claim ask for authorization; while one
 * is pending, those who may authorize review it in the modal.
 */
export function ClaimAuthorizations({ claim, holds }: { claim: Claim; holds: Holds }) {
  const authorizations = useClaimAuthorizations(claim.id);
  const [requesting, setRequesting] = useState(false);
  // The request under review stays the same one after a refetch, so a decision made meanwhile shows.
  const [reviewing, setReviewing] = useState<{ open: boolean; id: string } | null>(null);
  const items = authorizations.data?.items ?? [];
  const limit = authorizations.data?.autoApprovalLimitCents ?? null;
  const pending = items.find((authorization) => authorization.status === 'pending') ?? null;
  const reviewed = reviewing
    ? (items.find((authorization) => authorization.id === reviewing.id) ?? null)
    : null;
  const mayRequest =
    authorizations.isSuccess &&
    canRequestAuthorization(
      {
        workflow: claim.workflow,
        status: claim.status,
        requestsOnClaim: items.length,
        pendingRequest: pending !== null,
      },
      holds,
    );
  const mayDecide = pending !== null && canDecideAuthorization(pending, holds);

  return (
    <ClaimSection
      id="claim-authorizations"
      title="Authorizations"
      description={
        authorizations.isSuccess &&
        (limit === null
          ? 'The company has no auto-approval limit: a manager decides every request.'
          : `Requests up to ${formatCents(limit)} are approved automatically (the company’s limit).`)
      }
      action={
        mayRequest && (
          <Button size="sm" onClick={() => setRequesting(true)}>
            <SendIcon aria-hidden="true" />
            Request authorization
          </Button>
        )
      }
      query={authorizations}
      loading={
        <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the authorizations">
          <Skeleton className="h-12 w-full" />
        </div>
      }
      dialogs={
        <>
          <AuthorizationRequestDialog
            claim={claim}
            open={requesting}
            autoApprovalLimitCents={limit}
            onOpenChange={setRequesting}
          />
          <AuthorizationReviewDialog
            claim={claim}
            authorization={reviewed}
            autoApprovalLimitCents={limit}
            open={reviewing?.open ?? false}
            onOpenChange={(open) => setReviewing((current) => (current ? { ...current, open } : null))}
          />
        </>
      }
    >
      {() => (
        <>
          {pending && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-violet-300 bg-violet-50 p-3 text-sm text-violet-900">
              <p>
                <span className="font-medium">Request {pending.sequence} awaits a decision:</span>{' '}
                {formatCents(pending.requestedAmountCents)}
                {!mayDecide && '. A manager decides it.'}
              </p>
              {mayDecide && (
                <Button size="sm" onClick={() => setReviewing({ open: true, id: pending.id })}>
                  <ClipboardCheckIcon aria-hidden="true" />
                  Review authorization
                </Button>
              )}
            </div>
          )}
          {items.length === 0 ? (
            <p className="text-muted-foreground text-sm">{noRequestText(claim.status, mayRequest)}</p>
          ) : (
            <Accordion type="multiple" defaultValue={[items[0]!.id]}>
              {items.map((authorization) => (
                <AccordionItem key={authorization.id} value={authorization.id}>
                  <AccordionTrigger className="py-3 hover:no-underline">
                    <AuthorizationSummary authorization={authorization} />
                  </AccordionTrigger>
                  <AccordionContent>
                    <AuthorizationBody authorization={authorization} />
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          )}
        </>
      )}
    </ClaimSection>
  );
}

/**
 * What the section says of a claim with no request, true to its status: a claim moved to "Authorization requested"
 * by a plain move (a decision taken by phone, say) has none, and "No authorization requested yet" beside that
 * badge read as a contradiction.
 */
function noRequestText(status: ClaimStatus, mayRequest: boolean): string {
  if (status === 'diagnosis' || status === 'reported')
    return 'No authorization requested yet. Once the diagnosis is done, request authorization for the work it found.';
  if (status === 'authorization_pending')
    return (
      `The claim was moved to ${STATUS_LABELS.authorization_pending} without a request here.` +
      (mayRequest ? ' Request authorization to record the work and its amount for a decision.' : '')
    );
  return 'No authorization has been requested.';
}
