import { useState } from 'react';
import { FileDownIcon, PowerOffIcon, RefreshCwIcon } from 'lucide-react';
import type { ReportLink } from '@shared/driver-reports';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyField } from '../../../components/copy-field';
import { DialogHeading } from '../../../components/form-dialog';
import { QrCode } from '../../../components/qr-code';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { formatDateTime } from '../../../lib/format-relative-time';
import {
  useRenewReportLinkMutation,
  useReportLinkQuery,
  useRevokeReportLinkMutation,
  vehicleCardUrl,
} from '../api/report-link';
import type { ClaimLinkDialogProps } from './outside-link-parts';

/**
 * Report link (issue 32): the claim's vehicle has a public link, printed as a QR code on its window tag and vehicle
 * card, through which a driver reports damage without an account. Here it is shown to copy or print, renewed (the
 * printed codes stop working) or turned off.
 */

const PRINTED_STOP = 'Cards and window tags printed with the current code will stop working.';

const CONFIRMS = {
  renew: { title: 'Renew the report link?', confirmLabel: 'Renew link', description: PRINTED_STOP },
  revoke: {
    title: 'Turn off the report link?',
    confirmLabel: 'Turn off',
    description: `${PRINTED_STOP} Drivers cannot report through it until it is renewed.`,
  },
} as const;

const reportsLine = (link: ReportLink) =>
  `Made ${formatDateTime(link.createdAt)} · ${link.reports === 1 ? '1 report' : `${link.reports} reports`} came through it`;

/** The link itself: its QR code and address to copy, or why it cannot be shown. */
function LinkShown({ link, unit }: { link: ReportLink; unit: string }) {
  if (!link.active) {
    return (
      <p className="text-sm">
        The report link is off: drivers cannot report through the cards and window tags of unit {unit}. Renew
        it to print a new card.
      </p>
    );
  }
  return (
    <>
      {link.url ? (
        <>
          <QrCode
            value={link.url}
            label={`QR code of unit ${unit}’s report link`}
            className="mx-auto size-44 rounded-md border"
          />
          <CopyField
            id="report-link-url"
            label="The report link"
            value={link.url}
            copyLabel="Copy link"
            copied={{ title: 'Link copied', description: `Drivers of unit ${unit} report through it.` }}
          />
        </>
      ) : (
        <p className="text-sm">This link cannot be shown again. Renew it to print a new card.</p>
      )}
      <p className="text-muted-foreground text-sm">{reportsLine(link)}</p>
    </>
  );
}

function ReportLinkBody({ vehicleId, unit }: { vehicleId: string; unit: string }) {
  const link = useReportLinkQuery(vehicleId);
  const renew = useRenewReportLinkMutation(vehicleId);
  const revoke = useRevokeReportLinkMutation(vehicleId);
  // What the confirmation asks, kept while it closes so that its text does not change as it fades.
  const [asking, setAsking] = useState<keyof typeof CONFIRMS>('renew');
  const [confirming, setConfirming] = useState(false);
  const ask = (what: keyof typeof CONFIRMS) => {
    setAsking(what);
    setConfirming(true);
  };

  if (link.isPending) return <p className="text-muted-foreground text-sm">Loading the report link…</p>;
  if (link.isError) return <p className="text-destructive text-sm">{link.error.message}</p>;

  const settle = (done: { title: string; description: string }, failed: string) => ({
    onSuccess: () => {
      setConfirming(false);
      toast(done);
    },
    onError: (error: Error) => toast({ variant: 'destructive', title: failed, description: error.message }),
  });
  const doRenew = () =>
    renew.mutate(
      undefined,
      settle(
        {
          title: 'Report link renewed',
          description: `Print unit ${unit}’s new vehicle card and window tag.`,
        },
        'Could not renew the link',
      ),
    );
  const doRevoke = () =>
    revoke.mutate(
      undefined,
      settle(
        {
          title: 'Report link turned off',
          description: `Drivers of unit ${unit} can no longer report through it.`,
        },
        'Could not turn off the link',
      ),
    );
  const current = link.data;

  return (
    <div className="grid gap-4">
      <LinkShown link={current} unit={unit} />
      <div className="flex flex-wrap gap-2">
        {current.url && (
          <Button variant="outline" asChild>
            <a href={vehicleCardUrl(vehicleId)} download>
              <FileDownIcon aria-hidden="true" />
              Download vehicle card (PDF)
            </a>
          </Button>
        )}
        {/* A link turned off has nothing printed that still works: renewing it needs no warning. */}
        <Button
          variant="outline"
          disabled={renew.isPending}
          onClick={() => (current.active ? ask('renew') : doRenew())}
        >
          <RefreshCwIcon aria-hidden="true" />
          Renew link
        </Button>
        {current.active && (
          <Button
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={() => ask('revoke')}
          >
            <PowerOffIcon aria-hidden="true" />
            Turn off
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        {...CONFIRMS[asking]}
        destructive={asking === 'revoke'}
        pending={renew.isPending || revoke.isPending}
        onConfirm={asking === 'renew' ? doRenew : doRevoke}
      />
    </div>
  );
}

/** The dialog itself, a lazy chunk of the claim page: it loads when Report link is first pressed. */
export function ReportLinkDialog({ claim, open, onOpenChange }: ClaimLinkDialogProps) {
  const { vehicle } = claim;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeading
          title={`Driver report link for unit ${vehicle.unitNumber}`}
          description="Drivers scan this code to report damage or a breakdown from the vehicle, without an account. It is printed on the window tag and the vehicle card."
        />
        {open && <ReportLinkBody vehicleId={vehicle.id} unit={vehicle.unitNumber} />}
      </DialogContent>
    </Dialog>
  );
}
