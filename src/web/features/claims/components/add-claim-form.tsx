import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, ArrowRightIcon, Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { CreateClaimInput, Vehicle } from '@shared/claims';
import type { CompanySummary } from '@shared/users';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { todayIsoDate } from '../../../lib/format-calendar-date';
import { useCreateClaimMutation } from '../api/create-claim';
import { useFleetIsEmpty } from '../api/get-fleet-vehicles';
import type { AssigneeOption } from '../api/get-assignable-users';
import {
  CLAIM_DETAILS_FIELDS,
  claimDetailsSchema,
  emptyClaimDetails,
  emptyNewVehicle,
  VEHICLE_STEP_FIELDS,
  vehicleStepSchema,
  type ClaimDetailsValues,
  type VehicleChoice,
  type VehicleStepValues,
} from './add-claim-schema';
import { AddClaimDetailsStep } from './add-claim-details-step';
import { NewVehicleSummary, StepIndicator, type AddClaimStep } from './add-claim-steps';
import { AddClaimVehicleStep } from './add-claim-vehicle-step';
import { ChosenVehicle } from './vehicle-picker';

/**
 * Add Claim: step 1 picks or describes the vehicle, step 2 records the claim. Both steps validate with the
 * API's own schemas; what the server still refuses (a VIN taken meanwhile, a location of another company)
 * goes under the field it names, on whichever step holds it. A created claim opens at once.
 */
export function AddClaimForm({
  companies,
  currentUser,
  canListUsers,
}: {
  companies: readonly CompanySummary[];
  currentUser: AssigneeOption;
  canListUsers: boolean;
}) {
  const [step, setStep] = useState<AddClaimStep>('vehicle');
  /** The user has moved between steps: from then on, focus goes to the step shown (not on the first render). */
  const [moved, setMoved] = useState(false);
  const stepForm = useRef<HTMLFormElement>(null);
  const vehicleHeading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<Vehicle | null>(null);
  const [choice, setChoice] = useState<VehicleChoice | null>(null);
  const mutation = useCreateClaimMutation();

  const vehicleForm = useForm<VehicleStepValues, unknown, VehicleChoice>({
    resolver: zodResolver(vehicleStepSchema),
    defaultValues: {
      mode: 'existing',
      vehicleId: '',
      // With one company there is nothing to choose.
      vehicle: emptyNewVehicle(companies.length === 1 ? companies[0]!.id : ''),
    },
  });
  const detailsResolver = useMemo(
    () => zodResolver(claimDetailsSchema(choice ?? { vehicleId: '' })),
    [choice],
  );
  const detailsForm = useForm<ClaimDetailsValues, unknown, CreateClaimInput>({
    resolver: detailsResolver,
    // The date of loss is most often today, in the user's own calendar (not UTC's).
    defaultValues: emptyClaimDetails(todayIsoDate()),
  });

  // An empty fleet has nothing to find: start on "New vehicle", unless the user already chose a tab.
  const fleetIsEmpty = useFleetIsEmpty();
  useEffect(() => {
    if (fleetIsEmpty && !vehicleForm.formState.isDirty && vehicleForm.getValues('vehicleId') === '') {
      vehicleForm.setValue('mode', 'new');
    }
  }, [fleetIsEmpty, vehicleForm]);

  /** The odometer last carried from a new vehicle into "Odometer at intake" ('' when none was). */
  const [carriedOdometer, setCarriedOdometer] = useState('');

  // Keyboard and screen-reader users start at the top of the new step, not on the button that replaced the one
  // they pressed (or on <body>): step 1 at its heading, step 2 (which has none) at its first field.
  useEffect(() => {
    if (!moved) return;
    if (step === 'vehicle') vehicleHeading.current?.focus();
    // FormControl gives each field's control the id `…-form-item`.
    else stepForm.current?.querySelector<HTMLElement>('[id$="-form-item"]')?.focus();
  }, [step, moved]);

  const goTo = (next: AddClaimStep) => {
    setMoved(true);
    setStep(next);
  };

  const dirty = !mutation.isSuccess && (vehicleForm.formState.isDirty || detailsForm.formState.isDirty);
  const guard = useUnsavedChangesGuard(dirty);

  const toDetails = (values: VehicleChoice) => {
    setChoice(values);
    // A new vehicle's odometer is its reading at intake too, unless the user typed another one there.
    if (detailsForm.getValues('odometerAtIntake') === carriedOdometer) {
      const odometer = values.vehicle?.odometer;
      const carried = odometer === null || odometer === undefined ? '' : String(odometer);
      setCarriedOdometer(carried);
      detailsForm.setValue('odometerAtIntake', carried);
    }
    goTo('details');
    window.scrollTo({ top: 0 });
  };

  const submit = (request: CreateClaimInput) =>
    mutation.mutate(request, {
      onSuccess: (claim) => {
        toast({
          title: 'Claim created',
          description: `${claim.claimNumber} for unit ${claim.vehicle.unitNumber} is open.`,
        });
        guard.leave(`/vehicles/${claim.id}`);
      },
      onError: (error) => {
        // The server names a new vehicle's location `locationId`, like the claim's own.
        const locationMessage = error instanceof ApiError ? error.fieldErrors?.locationId?.[0] : undefined;
        if (locationMessage && request.vehicle) {
          vehicleForm.setError('vehicle.locationId', { type: 'server', message: locationMessage });
          goTo('vehicle');
          return;
        }
        if (applyFieldErrors(error, vehicleForm.setError, VEHICLE_STEP_FIELDS)) {
          goTo('vehicle');
          applyFieldErrors(error, detailsForm.setError, CLAIM_DETAILS_FIELDS);
          return;
        }
        if (applyFieldErrors(error, detailsForm.setError, CLAIM_DETAILS_FIELDS)) return;
        toast({ variant: 'destructive', title: 'Could not create the claim', description: error.message });
      },
    });

  const companyId = choice?.vehicle?.companyId ?? chosen?.companyId ?? '';

  return (
    <div className="grid gap-6">
      <StepIndicator step={step} />

      {step === 'vehicle' ? (
        <Form {...vehicleForm}>
          <form
            key="vehicle"
            ref={stepForm}
            onSubmit={vehicleForm.handleSubmit(toDetails)}
            noValidate
            aria-label="Vehicle"
            className="bg-card grid gap-6 rounded-xl border p-4 shadow-xs sm:p-6"
          >
            <div>
              <h2 ref={vehicleHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
                Which vehicle?
              </h2>
              <p className="text-muted-foreground text-sm">
                Find it by unit number, VIN or plate, or add it to the fleet.
              </p>
            </div>
            <AddClaimVehicleStep companies={companies} chosen={chosen} onChoose={setChosen} />
            <div className="flex justify-end">
              <Button type="submit">
                Continue
                <ArrowRightIcon aria-hidden="true" />
              </Button>
            </div>
          </form>
        </Form>
      ) : (
        <Form {...detailsForm}>
          <form
            key="details"
            ref={stepForm}
            onSubmit={detailsForm.handleSubmit(submit)}
            noValidate
            aria-label="Claim details"
            className="bg-card grid gap-8 rounded-xl border p-4 shadow-xs sm:p-6"
          >
            {choice?.vehicle ? (
              <NewVehicleSummary
                vehicle={choice.vehicle}
                companies={companies}
                onChange={() => goTo('vehicle')}
              />
            ) : (
              chosen && (
                <ChosenVehicle vehicle={chosen} companies={companies} onChange={() => goTo('vehicle')} />
              )
            )}
            <AddClaimDetailsStep
              companyId={companyId}
              currentUser={currentUser}
              canListUsers={canListUsers}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button type="button" variant="outline" onClick={() => goTo('vehicle')}>
                <ArrowLeftIcon aria-hidden="true" />
                Back to the vehicle
              </Button>
              <Button type="submit" disabled={mutation.isPending || mutation.isSuccess}>
                {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                Create claim
              </Button>
            </div>
          </form>
        </Form>
      )}

      <ConfirmDialog
        open={guard.pending !== null}
        onOpenChange={(open) => !open && guard.stay()}
        title="Discard this claim?"
        description="You started a claim but did not create it. If you leave now, what you entered is lost."
        confirmLabel="Discard"
        destructive
        onConfirm={guard.confirmLeave}
      />
    </div>
  );
}
