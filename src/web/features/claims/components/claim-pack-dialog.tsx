import { useState } from 'react';
import { CLAIM_PACK_LINK_DAYS, sendClaimPackSchema, type ClaimPackLink } from '@shared/claim-pack';
import type { Claim } from '@shared/claims';

import { DialogHeading } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useNow } from '../../../hooks/use-now';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-relative-time';
import {
  useClaimPackLinksQuery,
  useRevokeClaimPackLinkMutation,
  useSendClaimPackMutation,
} from '../api/claim-pack';

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
      {links.data.map((link) => {
        const state = linkState(link, now);
        return (
          <li key={link.id} className="grid gap-2 rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium break-all">{link.sentTo}</span>
              <Badge variant={state.active ? 'outline' : 'secondary'}>{state.label}</Badge>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-muted-foreground">
                Sent by {link.sentBy} on {formatDateTime(link.createdAt)} ·{' '}
                {link.downloads === 1 ? '1 download' : `${link.downloads} downloads`}
              </span>
              {state.active && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={`Revoke the link sent to ${link.sentTo}`}
                  onClick={() =>
                    revoke.mutate(link.id, {
                      onSuccess: () =>
                        toast({
                          title: 'Link revoked',
                          description: `${link.sentTo} can no longer download it.`,
                        }),
                      onError: (error) =>
                        toast({
                          variant: 'destructive',
                          title: 'Could not revoke',
                          description: error.message,
                        }),
                    })
                  }
                >
                  Revoke
                </Button>
              )}
            </div>
          </li>
        );
      })}
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
      <div className="grid gap-1.5">
        <Label htmlFor="claim-pack-to">Adjuster’s email</Label>
        <Input
          id="claim-pack-to"
          type="email"
          autoComplete="email"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'claim-pack-to-error' : undefined}
        />
        {error && (
          <p id="claim-pack-to-error" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
      <FormDialogFooter pending={send.isPending} submitLabel="Send link" />
    </form>
  );
}

/** The dialog itself, a lazy chunk of the claim page: it loads when Send to adjuster is first pressed. */
export function SendClaimPackDialog({
  claim,
  open,
  onOpenChange,
}: {
  claim: Claim;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeading
          title="Send the claim pack"
          description={`The adjuster gets a link by e-mail that downloads the claim’s PDF and every photo and document, without an account, for ${CLAIM_PACK_LINK_DAYS} days.`}
        />
        {open && <SendForm claim={claim} />}
        <h3 className="text-sm font-semibold">Links sent</h3>
        {open && <SentLinks claimId={claim.id} />}
      </DialogContent>
    </Dialog>
  );
}
