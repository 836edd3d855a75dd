import { useCallback, useRef } from 'react';
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
  /** Set when the search and the chosen vehicle swap places: focus follows, rather than falling to <body>. */
  const swapped = useRef(false);
  // Runs as the search or the chosen vehicle mounts, also when "Use this vehicle" on the new vehicle's tab
  // brings the fleet's tab back: focus goes to the search's input or to the chosen vehicle's Change button.
  const focusOnSwap = useCallback((node: HTMLDivElement | null) => {
    if (!node || !swapped.current) return;
    swapped.current = false;
    node.querySelector<HTMLElement>('input, button')?.focus();
  }, []);

  const choose = (vehicle: Vehicle) => {
    swapped.current = true;
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
                <div key="chosen" ref={focusOnSwap}>
                  <ChosenVehicle
                    vehicle={chosen}
                    companies={companies}
                    onChange={() => {
                      swapped.current = true;
                      onChoose(null);
                      form.setValue('vehicleId', '');
                    }}
                  />
                </div>
              ) : (
                <div key="search" ref={focusOnSwap}>
                  <VehiclePicker
                    companies={companies}
                    selectedId={form.getValues('vehicleId')}
                    invalid={Boolean(fieldState.error)}
                    onSelect={choose}
                  />
                </div>
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
