import { CircleAlertIcon, InfoIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import type { Vehicle, VinCheckResponse } from '@shared/claims';
import { STATUS_LABELS } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { vehicleDescription } from './claim-list-cells';

/**
 * "Unit X already has an open claim CLM-…" (or "3 open claims, the latest CLM-…"), with a link to it: another
 * claim is allowed, but rarely meant.
 */
export function OpenClaimNotice({
  unitNumber,
  openClaim,
  count,
}: {
  unitNumber: string;
  openClaim: NonNullable<VinCheckResponse['openClaim']>;
  count: number;
}) {
  return (
    <div
      role="status"
      className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        Unit {unitNumber} already has {count > 1 ? `${count} open claims, the latest` : 'an open claim'}{' '}
        {/* In a new tab: the form being filled in stays as it is. */}
        <a
          href={`/vehicles/${openClaim.id}`}
          target="_blank"
          rel="noopener"
          className="font-medium underline underline-offset-2"
        >
          {openClaim.claimNumber}
        </a>{' '}
        ({STATUS_LABELS[openClaim.status]}). Open a new one only for a separate incident.
      </p>
    </div>
  );
}

/**
 * What the server says about a typed VIN: how it is stored, a check-digit warning (a typo is likely, but the
 * VIN may still be right, so it does not block), and whether the company already has this vehicle.
 */
export function VinCheckNotice({
  typed,
  check,
  checking,
  onUseVehicle,
}: {
  typed: string;
  check: VinCheckResponse | undefined;
  checking: boolean;
  onUseVehicle: (vehicle: Vehicle) => void;
}) {
  if (checking && !check) {
    return (
      <p className="text-muted-foreground flex items-center gap-1.5 text-sm" role="status">
        <Loader2Icon className="size-3.5 animate-spin" aria-hidden="true" />
        Checking the VIN…
      </p>
    );
  }
  if (!check) return null;
  const existing = check.existingVehicle;
  return (
    <div className="grid gap-2" aria-live="polite">
      {check.vin !== typed.trim().toUpperCase() && (
        <p className="text-muted-foreground text-sm">
          Saved as <span className="text-foreground font-mono">{check.vin}</span>
        </p>
      )}
      {check.warning && (
        <p className="flex gap-1.5 text-sm text-amber-800">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{check.warning} You can still save it.</span>
        </p>
      )}
      {check.modelYear !== null && !check.warning && !existing && (
        <p className="text-muted-foreground flex gap-1.5 text-sm">
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Model year {check.modelYear}, read from the VIN.
        </p>
      )}
      {existing && (
        <div className="grid gap-2 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <p>
            This company already has this vehicle:{' '}
            <span className="font-medium">unit {existing.unitNumber}</span>
            {vehicleDescription(existing) && <> · {vehicleDescription(existing)}</>}. Open the claim on it
            instead of adding it again.
          </p>
          <div>
            <Button type="button" size="sm" onClick={() => onUseVehicle(existing)}>
              Use this vehicle
            </Button>
          </div>
        </div>
      )}
      {existing && check.openClaim && (
        <OpenClaimNotice
          unitNumber={existing.unitNumber}
          openClaim={check.openClaim}
          count={check.openClaimCount}
        />
      )}
    </div>
  );
}
