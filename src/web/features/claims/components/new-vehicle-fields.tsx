import { useEffect, useRef, type ComponentProps } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Vehicle } from '@shared/claims';
import type { CompanySummary } from '@shared/users';

import { Optional, TextField } from '../../../components/form-fields';
import { SelectField } from '../../../components/form-choice-fields';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useVinCheck } from '../api/check-vin';
import { useLocationOptions } from '../api/get-location-options';
import type { VehicleStepValues } from './add-claim-schema';
import { VinCheckNotice } from './vin-check-notice';

const VIN_CHECK_DEBOUNCE_MS = 300;

type VehicleTextName = Exclude<
  keyof VehicleStepValues['vehicle'],
  'companyId' | 'locationId' | 'vin' | 'year' | 'odometer'
>;

function TextInput({
  name,
  label,
  optional = true,
  ...input
}: {
  name: VehicleTextName;
  label: string;
  optional?: boolean;
} & Pick<ComponentProps<'input'>, 'autoComplete' | 'className' | 'maxLength'>) {
  return (
    <TextField
      name={`vehicle.${name}`}
      label={
        <>
          {label}
          {optional && <Optional />}
        </>
      }
      autoComplete="off"
      {...input}
    />
  );
}

function CompanyField({ companies }: { companies: readonly CompanySummary[] }) {
  const form = useFormContext<VehicleStepValues>();
  return (
    <SelectField
      name="vehicle.companyId"
      label="Company"
      placeholder="Choose a company"
      options={companies}
      // A location belongs to one company.
      onValueChange={() => form.setValue('vehicle.locationId', '')}
    />
  );
}

function LocationField() {
  const form = useFormContext<VehicleStepValues>();
  const companyId = useWatch({ control: form.control, name: 'vehicle.companyId' });
  const locations = useLocationOptions(companyId, { enabled: Boolean(companyId) });
  const active = (locations.data ?? []).filter((location) => location.active);
  // A company with one location: that is where the vehicle is based (once per company, so "No location"
  // chosen afterwards stays chosen).
  const preselectedFor = useRef<string | null>(null);
  const onlyLocation = active.length === 1 ? active[0]!.id : null;
  useEffect(() => {
    if (!companyId || !locations.data || preselectedFor.current === companyId) return;
    preselectedFor.current = companyId;
    if (onlyLocation && form.getValues('vehicle.locationId') === '') {
      form.setValue('vehicle.locationId', onlyLocation);
    }
  }, [companyId, locations.data, onlyLocation, form]);
  return (
    <SelectField
      name="vehicle.locationId"
      label={
        <>
          Location
          <Optional />
        </>
      }
      none={companyId ? 'No location' : 'Choose a company first'}
      options={active}
      disabled={!companyId}
    />
  );
}

/**
 * The VIN with its live check: once 17 characters are typed (and the typing pauses) the server says how it
 * is stored, whether the check digit fails, the model year (filled into Year unless someone typed one), and
 * whether the company already has this vehicle.
 */
function VinField({ onUseVehicle }: { onUseVehicle: (vehicle: Vehicle) => void }) {
  const form = useFormContext<VehicleStepValues>();
  const [vin, companyId] = useWatch({ control: form.control, name: ['vehicle.vin', 'vehicle.companyId'] });
  const debouncedVin = useDebouncedValue(vin, VIN_CHECK_DEBOUNCE_MS);
  const check = useVinCheck(debouncedVin, companyId || undefined);
  const prefilledYear = useRef<string | null>(null);

  const modelYear = check.data?.modelYear;
  useEffect(() => {
    if (modelYear === null || modelYear === undefined) return;
    const year = form.getValues('vehicle.year');
    // Only an empty Year, or one this check filled in before, follows the VIN: a typed year is kept.
    if (year !== '' && year !== prefilledYear.current) return;
    prefilledYear.current = String(modelYear);
    form.setValue('vehicle.year', String(modelYear), { shouldDirty: true, shouldValidate: year !== '' });
  }, [modelYear, form]);

  return (
    <FormField
      control={form.control}
      name="vehicle.vin"
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <FormLabel>VIN</FormLabel>
          <FormControl>
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={24}
              className="font-mono uppercase"
              {...field}
            />
          </FormControl>
          <FormMessage />
          {debouncedVin === vin && (
            <VinCheckNotice
              typed={vin}
              check={check.data}
              checking={check.isFetching}
              onUseVehicle={onUseVehicle}
            />
          )}
        </FormItem>
      )}
    />
  );
}

function NumberInput({
  name,
  label,
  className,
}: {
  name: 'year' | 'odometer';
  label: string;
  className?: string;
}) {
  return (
    <TextField
      name={`vehicle.${name}`}
      label={
        <>
          {label}
          <Optional />
        </>
      }
      inputMode="numeric"
      autoComplete="off"
      itemClassName={className}
    />
  );
}

/** A vehicle not in the fleet yet: who owns it, where it is based, and what it is. */
export function NewVehicleFields({
  companies,
  onUseVehicle,
}: {
  companies: readonly CompanySummary[];
  onUseVehicle: (vehicle: Vehicle) => void;
}) {
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2 sm:gap-x-4">
      <CompanyField companies={companies} />
      <LocationField />
      <TextInput name="unitNumber" label="Unit number" optional={false} />
      {/* Beside the unit number from 640 px; last in the single column of a phone. */}
      <NumberInput name="odometer" label="Odometer (miles)" className="order-last sm:order-none" />
      <VinField onUseVehicle={onUseVehicle} />
      <NumberInput name="year" label="Year" />
      <TextInput name="make" label="Make" />
      <TextInput name="model" label="Model" />
      <TextInput name="color" label="Colour" />
      <TextInput name="plate" label="Plate" />
      <TextInput name="plateState" label="Plate state" />
    </div>
  );
}
