import { useState } from 'react';
import type { Claim } from '@shared/claims';
import {
  createShopLinkSchema,
  SHOP_LINK_DAYS_AFTER_END,
  SHOP_LINK_NEEDS_FACILITY_MESSAGE,
  type CreatedShopLink,
} from '@shared/shop-links';

import { CopyField } from '../../../components/copy-field';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { useNow } from '../../../hooks/use-now';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { useCreateShopLinkMutation, useRevokeShopLinkMutation, useShopLinksQuery } from '../api/shop-links';
import {
  LinkEmailField,
  OutsideLinkItem,
  OutsideLinksDialog,
  revokeToasts,
  type ClaimLinkDialogProps,
} from './outside-link-parts';

/**
 * Shop link (issue 32): the claim's repair facility gets a link, by e-mail or copied, through which it updates this
 * claim without an account; the links are listed with the shop's last update, and each can be revoked.
 */

function SentLinks({ claimId }: { claimId: string }) {
  const links = useShopLinksQuery(claimId);
  const revoke = useRevokeShopLinkMutation(claimId);
  const now = useNow();
  if (links.isPending) return <p className="text-muted-foreground text-sm">Loading the shop links…</p>;
  if (links.isError) return <p className="text-destructive text-sm">{links.error.message}</p>;
  if (links.data.length === 0) return <p className="text-muted-foreground text-sm">No shop link yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Shop links">
      {links.data.map((link) => {
        const to = link.sentTo ?? 'a copied link';
        const updates = link.lastUpdatedAt
          ? `${link.updates === 1 ? '1 update' : `${link.updates} updates`}, the last ${formatRelativeTime(link.lastUpdatedAt, now)}`
          : 'no update yet';
        return (
          <OutsideLinkItem
            key={link.id}
            title={`${link.facilityName} · ${to}`}
            state={{ label: link.revokedAt ? 'Revoked' : 'Active', active: !link.revokedAt }}
            detail={`By ${link.sentBy} on ${formatDateTime(link.createdAt)} · ${updates}`}
            revoke={{
              label: `Revoke the shop link for ${to}`,
              pending: revoke.isPending,
              onRevoke: () =>
                revoke.mutate(
                  link.id,
                  revokeToasts({
                    title: 'Shop link revoked',
                    description: `${link.facilityName} can no longer update the claim through it.`,
                  }),
                ),
            }}
          />
        );
      })}
    </ul>
  );
}

function CreateForm({ claim }: { claim: Claim }) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedShopLink | null>(null);
  const create = useCreateShopLinkMutation(claim.id);
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = createShopLinkSchema.safeParse({ to: to.trim() || undefined });
        if (!checked.success) {
          setError(checked.error.issues[0]?.message ?? 'Please enter a valid email address');
          return;
        }
        setError(null);
        create.mutate(checked.data.to, {
          onSuccess: (link) => {
            setCreated(link);
            toast({
              title: link.sentTo ? 'Shop link sent' : 'Shop link ready',
              description: link.sentTo
                ? `The link went to ${link.sentTo}.`
                : 'Copy it and pass it to the shop.',
            });
          },
          onError: (failure) =>
            setError(
              failure instanceof ApiError
                ? (failure.fieldErrors?.to?.[0] ?? failure.message)
                : failure.message,
            ),
        });
      }}
    >
      <LinkEmailField
        id="shop-link-to"
        label="Shop’s email (optional)"
        placeholder="Leave empty to copy the link instead"
        value={to}
        onChange={setTo}
        error={error}
      />
      {created && (
        <CopyField
          id="shop-link-url"
          label="The shop’s link"
          value={created.url}
          copyLabel="Copy link"
          copied={{ title: 'Link copied', description: `Pass it to ${created.facilityName}.` }}
        />
      )}
      <FormDialogFooter pending={create.isPending} submitLabel={to.trim() ? 'Send link' : 'Create link'} />
    </form>
  );
}

/** The dialog itself, a lazy chunk of the claim page: it loads when Shop link is first pressed. */
export function ShopLinkDialog({ claim, open, onOpenChange }: ClaimLinkDialogProps) {
  return (
    <OutsideLinksDialog
      open={open}
      onOpenChange={onOpenChange}
      title={claim.facilityName ? `Shop link for ${claim.facilityName}` : 'Shop link'}
      description={`The shop updates this claim through the link without an account: moves it along, sets the ETA, adds photos and the estimate, and leaves notes. It works until ${SHOP_LINK_DAYS_AFTER_END} days after the claim ends.`}
      form={
        claim.facilityName ? (
          <CreateForm claim={claim} />
        ) : (
          <p className="text-muted-foreground text-sm">{SHOP_LINK_NEEDS_FACILITY_MESSAGE}</p>
        )
      }
      listTitle="Shop links"
      list={<SentLinks claimId={claim.id} />}
    />
  );
}
