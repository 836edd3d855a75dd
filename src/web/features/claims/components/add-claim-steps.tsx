import type { CompanySummary } from '@shared/users';

import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { VehicleChoice } from './add-claim-schema';
import { vehicleDescription } from './claim-list-cells';

/** The parts of Add Claim around its two steps: where the user is, and the new vehicle step 2 recalls. */

export type AddClaimStep = 'vehicle' | 'details';

export function StepIndicator({ step }: { step: AddClaimStep }) {
  const steps: [AddClaimStep, string][] = [
    ['vehicle', 'Vehicle'],
    ['details', 'Claim details'],
  ];
  return (
    <ol aria-label="Steps" className="flex items-center gap-3 text-sm">
      {steps.map(([key, label], index) => {
        const current = key === step;
        const done = step === 'details' && key === 'vehicle';
        return (
          <li key={key} className="flex items-center gap-3" aria-current={current ? 'step' : undefined}>
            {index > 0 && <span className="bg-border h-px w-8" aria-hidden="true" />}
            <span
              className={cn(
                'flex size-6 items-center justify-center rounded-full border text-xs font-semibold',
                current && 'border-primary bg-primary text-primary-foreground',
                done && 'border-primary text-primary',
              )}
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <span className={cn(current ? 'font-medium' : 'text-muted-foreground')}>
              <span className="sr-only">Step {index + 1}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The new vehicle of step 1, as step 2 recalls it. */
export function NewVehicleSummary({
  vehicle,
  companies,
  onChange,
}: {
  vehicle: NonNullable<VehicleChoice['vehicle']>;
  companies: readonly CompanySummary[];
  onChange: () => void;
}) {
  const description = vehicleDescription({
    year: vehicle.year ?? null,
    make: vehicle.make ?? null,
    model: vehicle.model ?? null,
  });
  const company = companies.find((candidate) => candidate.id === vehicle.companyId)?.name;
  return (
    <div className="bg-muted/40 flex items-center gap-3 rounded-lg border px-3 py-2.5 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <p className="truncate">
          <span className="font-medium">New vehicle: unit {vehicle.unitNumber}</span>
          {description && <span className="text-muted-foreground"> · {description}</span>}
        </p>
        <p className="text-muted-foreground truncate text-xs">
          <span className="font-mono">{vehicle.vin}</span>
          {company && <> · {company}</>}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={onChange}>
        Change
      </Button>
    </div>
  );
}
