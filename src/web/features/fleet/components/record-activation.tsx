import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import type { FleetRecord } from './record-list';

/** The part of an update mutation that (de)activation needs. */
export type ActivationMutation = {
  mutate: (
    input: { id: string; changes: { active: boolean } },
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
};

/**
 * Deactivating asks first (the confirmation stays open until the call ends, so a failure can be retried);
 * reactivating takes effect at once, since it only undoes a deactivation. Either way a toast says what
 * happened. Nothing is deleted: the record's claims and history stay.
 */
export function useRecordActivation<T extends FleetRecord>({
  mutation,
  noun,
  whatStays,
}: {
  mutation: ActivationMutation;
  /** "company", "location", "repair facility". */
  noun: string;
  /** What deactivation keeps, for the confirmation: "Its locations, vehicles and claims stay". */
  whatStays: string;
}) {
  const [deactivating, setDeactivating] = useState<T | null>(null);
  const capitalized = noun.charAt(0).toUpperCase() + noun.slice(1);

  const setActive = (record: T, active: boolean) =>
    mutation.mutate(
      { id: record.id, changes: { active } },
      {
        onSuccess: () => {
          setDeactivating(null);
          toast(
            active
              ? { title: `${capitalized} reactivated`, description: `${record.name} is active again.` }
              : { title: `${capitalized} deactivated`, description: `${record.name} is now inactive.` },
          );
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: active ? `Could not reactivate the ${noun}` : `Could not deactivate the ${noun}`,
            description: error.message,
          }),
      },
    );

  const request = (record: T) => (record.active ? setDeactivating(record) : setActive(record, true));

  const confirmation = deactivating && (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && setDeactivating(null)}
      title={`Deactivate ${deactivating.name}?`}
      description={`${deactivating.name} is marked inactive and can be filtered out of the list. ${whatStays}, and you can reactivate it at any time.`}
      confirmLabel="Deactivate"
      destructive
      pending={mutation.isPending}
      onConfirm={() => setActive(deactivating, false)}
    />
  );

  return { request, confirmation };
}
