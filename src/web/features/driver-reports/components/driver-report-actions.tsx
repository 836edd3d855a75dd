import { useState } from 'react';
import { ChevronDownIcon, FilePlusIcon, Link2Icon, Loader2Icon, XIcon } from 'lucide-react';
import { Link } from 'wouter';
import { workflowForReport, type DriverReport } from '@shared/driver-reports';

import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { ToastAction } from '../../../components/ui/toast';
import { toast } from '../../../hooks/use-toast';
import { WORKFLOW_LABELS } from '../../claims';
import {
  useAttachDriverReportMutation,
  useOpenClaimMutation,
  type OpenedClaim,
} from '../api/triage-driver-report';
import { DismissDialog } from './dismiss-dialog';

/** "Open collision claim": the workflow the server opens the claim in, from the report's kind. */
export const openClaimLabel = (report: DriverReport) =>
  `Open ${WORKFLOW_LABELS[workflowForReport(report.kind)].toLowerCase()} claim`;

/** The claim is there: the toast says which, and leads to it (the list stays, for the next report). */
function sayClaimOpened(claim: OpenedClaim, report: DriverReport) {
  toast({
    title: `Claim ${claim.claimNumber} opened`,
    description: `From ${report.reference}, on unit ${report.vehicle.unitNumber}.`,
    action: (
      <ToastAction altText={`View claim ${claim.claimNumber}`} asChild>
        <Link href={`/vehicles/${claim.id}`}>View claim</Link>
      </ToastAction>
    ),
  });
}

function AttachMenu({
  report,
  disabled,
  onAttach,
}: {
  report: DriverReport;
  disabled: boolean;
  onAttach: (claimId: string) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <Link2Icon aria-hidden="true" />
          Attach to claim
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel className="text-muted-foreground text-xs font-normal">
          Open claims of unit {report.vehicle.unitNumber}
        </DropdownMenuLabel>
        {report.openClaims.map((claim) => (
          <DropdownMenuItem key={claim.id} onSelect={() => onAttach(claim.id)}>
            {claim.claimNumber}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * What a manager does with a new report: open a claim on its vehicle in one click, attach it to one of the
 * vehicle's open claims (offered only when there is one), or dismiss it with a reason.
 */
export function DriverReportActions({ report }: { report: DriverReport }) {
  const open = useOpenClaimMutation(sayClaimOpened);
  const attach = useAttachDriverReportMutation();
  const [dismissing, setDismissing] = useState(false);
  const busy = open.isPending || attach.isPending;

  return (
    <div className="flex flex-wrap gap-2">
      <Button disabled={busy} onClick={() => open.mutate(report)}>
        {open.isPending ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <FilePlusIcon aria-hidden="true" />
        )}
        {openClaimLabel(report)}
      </Button>
      {report.openClaims.length > 0 && (
        <AttachMenu
          report={report}
          disabled={busy}
          onAttach={(claimId) => attach.mutate({ report, claimId })}
        />
      )}
      <Button variant="ghost" disabled={busy} onClick={() => setDismissing(true)}>
        <XIcon aria-hidden="true" />
        Dismiss
      </Button>
      <DismissDialog report={report} open={dismissing} onOpenChange={setDismissing} />
    </div>
  );
}
