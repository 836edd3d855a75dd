import { useId } from 'react';
import { BellOffIcon, BellRingIcon, FileDownIcon, TagIcon } from 'lucide-react';
import { PRIORITY_LABELS, type Claim } from '@shared/claims';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { useWatchClaimMutation } from '../api/watch-claim';
import { ClaimStatusBadge } from './claim-status-badge';
import { vehicleTitle } from './claim-values';

const PDF_LATER = 'PDF export comes in a later release.';

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
        <span className="font-medium">{vehicleTitle(vehicle)}</span>
        {' · '}Unit {vehicle.unitNumber}
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

/** Watch / Unwatch, the printable window tag, and the PDF export that a later release brings. */
export function ClaimHeaderActions({ claim }: { claim: Claim }) {
  const laterId = useId();
  return (
    <div className="flex flex-wrap gap-2">
      <WatchToggle claim={claim} />
      <Button variant="outline" asChild>
        <a href={`/vehicles/${encodeURIComponent(claim.id)}/window-tag`} target="_blank" rel="noopener">
          <TagIcon aria-hidden="true" />
          Window tag
        </a>
      </Button>
      <Tooltip>
        <TooltipTrigger asChild>
          {/* A disabled button gets no pointer or focus events; the wrapper carries the tooltip. */}
          <span
            tabIndex={0}
            className="focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]"
          >
            <Button variant="outline" disabled aria-describedby={laterId}>
              <FileDownIcon aria-hidden="true" />
              Export PDF
            </Button>
          </span>
        </TooltipTrigger>
        <TooltipContent>{PDF_LATER}</TooltipContent>
      </Tooltip>
      <span id={laterId} hidden>
        {PDF_LATER}
      </span>
    </div>
  );
}
