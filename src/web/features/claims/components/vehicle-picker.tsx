import { useState } from 'react';
import { CarFrontIcon, CheckIcon, Loader2Icon } from 'lucide-react';
import type { Vehicle } from '@shared/claims';
import type { CompanySummary } from '@shared/users';

import { SEARCH_DEBOUNCE_MS, SearchInput } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { cn } from '../../../lib/utils';
import { useFleetVehicles } from '../api/get-fleet-vehicles';
import { useVinCheck } from '../api/check-vin';
import { vehicleDescription } from './claim-list-cells';
import { OpenClaimNotice } from './vin-check-notice';

function companyName(companies: readonly CompanySummary[], id: string) {
  return companies.find((company) => company.id === id)?.name ?? 'Unknown company';
}

function VehicleSummary({ vehicle, companies }: { vehicle: Vehicle; companies: readonly CompanySummary[] }) {
  const description = vehicleDescription(vehicle);
  return (
    <span className="grid min-w-0 gap-0.5 text-left">
      <span className="truncate">
        <span className="font-medium">Unit {vehicle.unitNumber}</span>
        {description && <span className="text-muted-foreground"> · {description}</span>}
      </span>
      <span className="text-muted-foreground truncate text-xs">
        <span className="font-mono">{vehicle.vin}</span>
        {vehicle.plate && <> · {[vehicle.plate, vehicle.plateState].filter(Boolean).join(' ')}</>} ·{' '}
        {companyName(companies, vehicle.companyId)}
      </span>
    </span>
  );
}

/** The vehicle chosen, with its open claim if it has one, and a way to choose another. */
export function ChosenVehicle({
  vehicle,
  companies,
  onChange,
}: {
  vehicle: Vehicle;
  companies: readonly CompanySummary[];
  onChange?: () => void;
}) {
  const check = useVinCheck(vehicle.vin, vehicle.companyId);
  return (
    <div className="grid gap-2">
      <div className="bg-muted/40 flex items-center gap-3 rounded-lg border px-3 py-2.5">
        <CarFrontIcon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
        <VehicleSummary vehicle={vehicle} companies={companies} />
        {onChange && (
          <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={onChange}>
            Change
          </Button>
        )}
      </div>
      {check.data?.openClaim && (
        <OpenClaimNotice
          unitNumber={vehicle.unitNumber}
          openClaim={check.data.openClaim}
          count={check.data.openClaimCount}
        />
      )}
    </div>
  );
}

/**
 * Search the fleet for the vehicle by unit number, VIN, plate, make or model, and pick it. The matches are a
 * list of buttons: Tab moves between them, Enter picks one.
 */
export function VehiclePicker({
  companies,
  selectedId,
  invalid,
  describedBy,
  onSelect,
}: {
  companies: readonly CompanySummary[];
  selectedId: string;
  invalid: boolean;
  describedBy?: string;
  onSelect: (vehicle: Vehicle) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const vehicles = useFleetVehicles(search);
  const results = search ? (vehicles.data ?? []) : [];

  return (
    <div className="grid gap-2">
      <SearchInput
        value={text}
        onText={setText}
        placeholder="Unit number, VIN, plate, make or model"
        aria-label="Search vehicles"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        autoComplete="off"
      >
        {vehicles.isFetching && (
          <Loader2Icon
            className="text-muted-foreground absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin"
            aria-hidden="true"
          />
        )}
      </SearchInput>
      {search && vehicles.isError && <p className="text-destructive text-sm">{vehicles.error.message}</p>}
      {search && vehicles.isSuccess && results.length === 0 && !vehicles.isPlaceholderData && (
        <p className="text-muted-foreground text-sm">
          No vehicle matches “{search}”. Check the spelling, or enter it as a new vehicle.
        </p>
      )}
      {results.length > 0 && (
        <ul aria-label="Matching vehicles" className="divide-y overflow-hidden rounded-lg border">
          {results.map((vehicle) => {
            const selected = vehicle.id === selectedId;
            return (
              <li key={vehicle.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(vehicle)}
                  className={cn(
                    'hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-ring/50 flex w-full items-center gap-3 px-3 py-2.5 outline-none focus-visible:ring-[3px] focus-visible:ring-inset',
                    selected && 'bg-accent',
                  )}
                >
                  <VehicleSummary vehicle={vehicle} companies={companies} />
                  {selected && (
                    <CheckIcon className="text-primary ml-auto size-4 shrink-0" aria-hidden="true" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {results.length === 20 && (
        <p className="text-muted-foreground text-xs">The first 20 matches: type more to narrow them.</p>
      )}
    </div>
  );
}
