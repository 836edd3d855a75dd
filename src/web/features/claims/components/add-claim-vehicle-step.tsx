import { useFormContext, useWatch } from 'react-hook-form';
import type { Vehicle } from '@shared/claims';
import type { CompanySummary } from '@shared/users';

import { FormField, FormItem, FormMessage } from '../../../components/ui/form';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { VehicleStepValues } from './add-claim-schema';
import { NewVehicleFields } from './new-vehicle-fields';
import { ChosenVehicle, VehiclePicker } from './vehicle-picker';

/**
 * Step 1: the vehicle the claim is about — one already in the fleet (found by unit number, VIN or plate), or
 * a new one. A new VIN the company already has offers to switch to that vehicle instead.
 */
export function AddClaimVehicleStep({
  companies,
  chosen,
  onChoose,
}: {
  companies: readonly CompanySummary[];
  /** The existing vehicle picked, kept by the form so it can be shown without searching again. */
  chosen: Vehicle | null;
  onChoose: (vehicle: Vehicle | null) => void;
}) {
  const form = useFormContext<VehicleStepValues>();
  const mode = useWatch({ control: form.control, name: 'mode' });

  const choose = (vehicle: Vehicle) => {
    onChoose(vehicle);
    form.setValue('mode', 'existing');
    form.setValue('vehicleId', vehicle.id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Tabs
      value={mode}
      onValueChange={(value) => form.setValue('mode', value as VehicleStepValues['mode'])}
      className="gap-5"
    >
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="existing" className="sm:px-4">
          Vehicle in the fleet
        </TabsTrigger>
        <TabsTrigger value="new" className="sm:px-4">
          New vehicle
        </TabsTrigger>
      </TabsList>
      <TabsContent value="existing">
        <FormField
          control={form.control}
          name="vehicleId"
          render={({ fieldState }) => (
            <FormItem>
              {chosen ? (
                <ChosenVehicle
                  vehicle={chosen}
                  companies={companies}
                  onChange={() => {
                    onChoose(null);
                    form.setValue('vehicleId', '');
                  }}
                />
              ) : (
                <VehiclePicker
                  companies={companies}
                  selectedId={form.getValues('vehicleId')}
                  invalid={Boolean(fieldState.error)}
                  onSelect={choose}
                />
              )}
              <FormMessage />
            </FormItem>
          )}
        />
      </TabsContent>
      <TabsContent value="new">
        <NewVehicleFields companies={companies} onUseVehicle={choose} />
      </TabsContent>
    </Tabs>
  );
}
