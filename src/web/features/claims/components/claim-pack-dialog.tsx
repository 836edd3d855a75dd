import { useState } from 'react';
import { CLAIM_PACK_LINK_DAYS, sendClaimPackSchema, type ClaimPackLink } from '@shared/claim-pack';
import type { Claim } from '@shared/claims';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { useNow } from '../../../hooks/use-now';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-relative-time';
import {
  useClaimPackLinksQuery,
  useRevokeClaimPackLinkMutation,
  useSendClaimPackMutation,
} from '../api/claim-pack';
import {
  LinkEmailField,
  OutsideLinkItem,
  OutsideLinksDialog,
  revokeToasts,
  type ClaimLinkDialogProps,
} from './outside-link-parts';

/**
 * Send to adjuster (issue 32): the claim pack goes to the insurer's adjuster as a link by e-mail that downloads it
 * without an account for CLAIM_PACK_LINK_DAYS days; the links sent are listed with their downloads, and each can
 * be revoked (its address then answers that it was revoked).
 */

function linkState(link: ClaimPackLink, now: number) {
  if (link.revokedAt) return { label: 'Revoked', active: false };
  if (Date.parse(link.expiresAt) <= now) return { label: 'Expired', active: false };
  return { label: `Works until ${formatDateTime(link.expiresAt)}`, active: true };
}

function SentLinks({ claimId }: { claimId: string }) {
  const links = useClaimPackLinksQuery(claimId);
  const revoke = useRevokeClaimPackLinkMutation(claimId);
  const now = useNow();
  if (links.isPending) return <p className="text-muted-foreground text-sm">Loading the links sent…</p>;
  if (links.isError) return <p className="text-destructive text-sm">{links.error.message}</p>;
  if (links.data.length === 0) return <p className="text-muted-foreground text-sm">No link sent yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Links sent">
      {links.data.map((link) => (
        <OutsideLinkItem
          key={link.id}
          title={link.sentTo}
          state={linkState(link, now)}
          detail={`Sent by ${link.sentBy} on ${formatDateTime(link.createdAt)} · ${link.downloads === 1 ? '1 download' : `${link.downloads} downloads`}`}
          revoke={{
            label: `Revoke the link sent to ${link.sentTo}`,
            pending: revoke.isPending,
            onRevoke: () =>
              revoke.mutate(
                link.id,
                revokeToasts({
                  title: 'Link revoked',
                  description: `${link.sentTo} can no longer download it.`,
                }),
              ),
          }}
        />
      ))}
    </ul>
  );
}

function SendForm({ claim }: { claim: Claim }) {
  const [to, setTo] = useState(claim.adjusterEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const send = useSendClaimPackMutation(claim.id);
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = sendClaimPackSchema.safeParse({ to });
        if (!checked.success) {
          setError(checked.error.issues[0]?.message ?? 'Please enter a valid email address');
          return;
        }
        setError(null);
        send.mutate(checked.data.to, {
          onSuccess: (link) =>
            toast({ title: 'Claim pack sent', description: `A download link went to ${link.sentTo}.` }),
          onError: (failure) =>
            setError(
              failure instanceof ApiError
                ? (failure.fieldErrors?.to?.[0] ?? failure.message)
                : failure.message,
            ),
        });
      }}
    >
      <LinkEmailField id="claim-pack-to" label="Adjuster’s email" value={to} onChange={setTo} error={error} />
      <FormDialogFooter pending={send.isPending} submitLabel="Send link" />
    </form>
  );
}

/** The dialog itself, a lazy chunk of the claim page: it loads when Send to adjuster is first pressed. */
export function SendClaimPackDialog({ claim, open, onOpenChange }: ClaimLinkDialogProps) {
  return (
    <OutsideLinksDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send the claim pack"
      description={`The adjuster gets a link by e-mail that downloads the claim’s PDF and every photo and document, without an account, for ${CLAIM_PACK_LINK_DAYS} days.`}
      form={<SendForm claim={claim} />}
      listTitle="Links sent"
      list={<SentLinks claimId={claim.id} />}
    />
  );
}
