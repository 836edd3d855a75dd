import {
  BellOffIcon,
  BellRingIcon,
  FileArchiveIcon,
  FileDownIcon,
  Loader2Icon,
  TriangleAlertIcon,
  SendIcon,
  TagIcon,
  WrenchIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { currentClaimAmount, PRIORITY_LABELS, type Claim } from '@shared/claims';
import { isOpenStatus } from '@shared/workflows';

import { lazyDialog } from '../../../components/lazy-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { useAuthorization } from '../../auth';
import { claimPackUrl } from '../api/claim-pack';
import { useDownloadClaimPdfMutation } from '../api/download-claim-pdf';
import { useWatchClaimMutation } from '../api/watch-claim';
import { ClaimStatusBadge } from './claim-status-badge';
import { formatCents, formatDays, vehicleDescription } from './claim-values';
import { RelativeTime } from './relative-time';
import { Eta } from './section-rows';

const WORKFLOW_LABELS: Record<Claim['workflow'], string> = {
  collision: 'Collision',
  mechanical: 'Mechanical',
};

const PRIORITY_TONES: Record<Claim['priority'], string> = {
  low: 'text-muted-foreground',
  normal: 'text-muted-foreground',
  high: 'border-amber-300 bg-amber-50 text-amber-800',
  urgent: 'border-destructive/30 bg-destructive/10 text-destructive',
};

/**
 * Under the claim number: status, workflow and priority, the vehicle, and whose it is. Phrasing content
 * only, since the page frame puts its description in a paragraph.
 */
export function ClaimSummary({ claim }: { claim: Claim }) {
  const { vehicle } = claim;
  const description = vehicleDescription(vehicle);
  return (
    <span className="mt-1 flex flex-col gap-2">
      <span className="flex flex-wrap items-center gap-1.5">
        <ClaimStatusBadge status={claim.status} />
        <Badge variant="outline">{WORKFLOW_LABELS[claim.workflow]}</Badge>
        <Badge variant="outline" className={cn(PRIORITY_TONES[claim.priority])}>
          {PRIORITY_LABELS[claim.priority]} priority
        </Badge>
      </span>
      <span className="text-foreground">
        {/* The unit number once, after the year, make and model when they are known. */}
        {description && (
          <>
            <span className="font-medium">{description}</span>
            {' · '}
          </>
        )}
        <span className={cn(!description && 'font-medium')}>Unit {vehicle.unitNumber}</span>
        {vehicle.plate && ` · ${[vehicle.plate, vehicle.plateState].filter(Boolean).join(' ')}`}
        {' · '}
        <span className="font-mono text-sm tracking-wide whitespace-nowrap">{vehicle.vin}</span>
      </span>
      <span className="text-sm">
        {claim.companyName}
        {claim.locationName && ` · ${claim.locationName}`}
        {claim.facilityName && ` · at ${claim.facilityName}`}
      </span>
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs font-medium">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold break-words">{children}</dd>
    </div>
  );
}

const muted = (text: string) => <span className="text-muted-foreground font-normal">{text}</span>;

/**
 * What people open a claim to know, above everything else: who has it, when it should be done (overdue in red,
 * and said; when its shop last updated it through a shop link), how long the vehicle has been down (the dashboards' rule: not drivable or dropped off), and the
 * amount as it stands (the Money card's current amount).
 */
export function ClaimKeyFacts({ claim }: { claim: Claim }) {
  const amount = currentClaimAmount(claim);
  const open = isOpenStatus(claim.status);
  return (
    <dl className="bg-card grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border px-4 py-3 shadow-xs sm:grid-cols-4 sm:px-6">
      <Fact label="Assignee">{claim.assignee?.name ?? muted('Unassigned')}</Fact>
      <Fact label="ETA">
        {claim.eta ? <Eta claim={claim} /> : muted('Not set')}
        {claim.shopUpdatedAt && (
          <span className="text-muted-foreground block text-xs font-normal">
            Shop’s last update <RelativeTime date={claim.shopUpdatedAt} />
          </span>
        )}
      </Fact>
      {open ? (
        <Fact label="Days down">
          {claim.vehicleDown ? formatDays(claim.downtimeDays) : muted('In service')}
        </Fact>
      ) : (
        <Fact label="Downtime">{formatDays(claim.downtimeDays)}</Fact>
      )}
      <Fact label="Current amount">
        {amount ? (
          <>
            {formatCents(amount.cents)}{' '}
            <span className="text-muted-foreground text-xs font-normal">{amount.label}</span>
          </>
        ) : (
          muted('No amount yet')
        )}
      </Fact>
    </dl>
  );
}

function WatchToggle({ claim }: { claim: Claim }) {
  const mutation = useWatchClaimMutation();
  const watching = claim.watching;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="outline"
          disabled={mutation.isPending}
          onClick={() =>
            mutation.mutate(
              { id: claim.id, watching: !watching },
              {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: watching ? 'Could not stop watching' : 'Could not watch the claim',
                    description: error.message,
                  }),
              },
            )
          }
        >
          {watching ? <BellOffIcon aria-hidden="true" /> : <BellRingIcon aria-hidden="true" />}
          {watching ? 'Unwatch' : 'Watch'}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        {watching
          ? 'You are notified when this claim moves. Unwatch to stop.'
          : 'Get a notification whenever this claim moves.'}
      </TooltipContent>
    </Tooltip>
  );
}

function ExportPdfButton({ claim }: { claim: Claim }) {
  const mutation = useDownloadClaimPdfMutation();
  return (
    <Button
      variant="outline"
      disabled={mutation.isPending}
      aria-busy={mutation.isPending}
      onClick={() =>
        mutation.mutate(claim, {
          onError: (error) =>
            toast({ variant: 'destructive', title: 'Could not export the PDF', description: error.message }),
        })
      }
    >
      {mutation.isPending ? (
        <Loader2Icon aria-hidden="true" className="animate-spin" />
      ) : (
        <FileDownIcon aria-hidden="true" />
      )}
      {mutation.isPending ? 'Preparing PDF…' : 'Export PDF'}
    </Button>
  );
}

/**
 * The claim pack for an insurer's adjuster: a ZIP of the PDF report and every file as uploaded. A plain download
 * link, so that the browser saves a large pack to disk with its own progress instead of holding it in the page.
 */
function ClaimPackLink({ claim }: { claim: Claim }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline" asChild>
          <a href={claimPackUrl(claim.id)} download>
            <FileArchiveIcon aria-hidden="true" />
            Claim pack
          </a>
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        A ZIP for the insurer: the claim’s PDF and every photo and document as uploaded.
      </TooltipContent>
    </Tooltip>
  );
}

// The dialogs (their forms and links) load after the claim draws (issue 30's budget per route).
const SendClaimPackDialog = lazyDialog(
  () => import('./claim-pack-dialog').then((m) => m.SendClaimPackDialog),
  (props) => props.open,
);
const ShopLinkDialog = lazyDialog(
  () => import('./shop-link-dialog').then((m) => m.ShopLinkDialog),
  (props) => props.open,
);
const ReportLinkDialog = lazyDialog(
  () => import('./report-link-dialog').then((m) => m.ReportLinkDialog),
  (props) => props.open,
);

/** The claim's links for people outside the office (issue 32), for those who edit claims: each opens its dialog. */
const LINK_DIALOGS = [
  { label: 'Send to adjuster', Icon: SendIcon, Dialog: SendClaimPackDialog },
  { label: 'Shop link', Icon: WrenchIcon, Dialog: ShopLinkDialog },
  { label: 'Report link', Icon: TriangleAlertIcon, Dialog: ReportLinkDialog },
];

function LinkDialogButton({ claim, link }: { claim: Claim; link: (typeof LINK_DIALOGS)[number] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <link.Icon aria-hidden="true" />
        {link.label}
      </Button>
      <link.Dialog claim={claim} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Watch / Unwatch, the printable window tag, the PDF report, the claim pack, the shop's and the drivers' links. */
export function ClaimHeaderActions({ claim }: { claim: Claim }) {
  const { can } = useAuthorization();
  return (
    <div className="flex flex-wrap gap-2">
      <WatchToggle claim={claim} />
      <Button variant="outline" asChild>
        <a href={`/vehicles/${encodeURIComponent(claim.id)}/window-tag`} target="_blank" rel="noopener">
          <TagIcon aria-hidden="true" />
          Window tag
        </a>
      </Button>
      <ExportPdfButton claim={claim} />
      <ClaimPackLink claim={claim} />
      {can('vehicles.edit') &&
        LINK_DIALOGS.map((link) => <LinkDialogButton key={link.label} claim={claim} link={link} />)}
    </div>
  );
}
