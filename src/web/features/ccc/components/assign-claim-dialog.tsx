import { useId, useState, type FormEvent } from 'react';
import type { CccImport } from '@shared/ccc';

import { useLastShown } from '../../../components/data-list';
import { FormDialog } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { useAssignCccImportMutation, useClaimChoices } from '../api/ccc-api';

const vehicleName = (vehicle: {
  year: number | null;
  make: string | null;
  model: string | null;
  unitNumber: string;
}) => [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || `Unit ${vehicle.unitNumber}`;

/**
 * Assigns a file that did not land (unmatched, held for review, rejected) to a claim the person picks: they
 * type a claim number, insurer claim number, VIN or unit and choose among the claims found. The server then
 * imports the file onto it.
 */
export function AssignClaimDialog({ item, onClose }: { item: CccImport | null; onClose: () => void }) {
  const shown = useLastShown(item);
  return (
    <FormDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-lg"
      title="Assign to a claim"
      description={shown ? `${shown.fileName} is imported onto the claim you choose.` : null}
    >
      {shown && <AssignClaimForm key={shown.id} item={shown} onClose={onClose} />}
    </FormDialog>
  );
}

function AssignClaimForm({ item, onClose }: { item: CccImport; onClose: () => void }) {
  const searchId = useId();
  const hintId = useId();
  // Each file starts from what it names: its insurer claim number, else its VIN.
  const [search, setSearch] = useState(item.claimNumber ?? item.vin ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choices = useClaimChoices(search);
  const assign = useAssignCccImportMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Choose a claim');
    assign.mutate(
      { id: item.id, claimId: chosen },
      {
        onSuccess: (answer) => {
          toast({
            title:
              answer.claim && (answer.result === 'imported' || answer.result === 'supplement')
                ? `${answer.fileName} imported on ${answer.claim.number}`
                : `${answer.fileName}: ${answer.reason ?? 'not imported'}`,
          });
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  const items = search.trim().length >= 2 ? (choices.data?.items ?? []) : [];
  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={searchId}>Find the claim</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          autoComplete="off"
          aria-describedby={hintId}
          onChange={(event) => {
            setSearch(event.target.value);
            setChosen(null);
          }}
        />
        <p id={hintId} className="text-muted-foreground text-xs">
          Claim number, insurer claim number, VIN, unit or plate.
        </p>
      </div>
      <div role="radiogroup" aria-label="Claims found" className="grid max-h-64 gap-1.5 overflow-y-auto">
        {search.trim().length < 2 ? (
          <p className="text-muted-foreground text-sm">Type at least two characters.</p>
        ) : choices.isPending ? (
          <p className="text-muted-foreground text-sm" role="status">
            Looking for claims…
          </p>
        ) : choices.isError ? (
          <p className="text-destructive text-sm">{choices.error.message}</p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No claim matches “{search.trim()}”.</p>
        ) : (
          items.map((claim) => (
            <button
              key={claim.id}
              type="button"
              role="radio"
              aria-checked={chosen === claim.id}
              onClick={() => {
                setChosen(claim.id);
                setError(null);
              }}
              className={cn(
                'hover:bg-accent focus-visible:ring-ring/50 grid gap-0.5 rounded-md border px-3 py-2 text-left text-sm outline-none focus-visible:ring-[3px]',
                chosen === claim.id && 'border-primary bg-primary/5',
              )}
            >
              <span className="font-medium">
                {claim.claimNumber}
                {claim.insurerClaimNumber && ` · ${claim.insurerClaimNumber}`}
              </span>
              <span className="text-muted-foreground text-xs">
                {vehicleName(claim.vehicle)} · {claim.vehicle.vin} · {claim.companyName}
              </span>
            </button>
          ))
        )}
      </div>
      {error && (
        <p className="text-destructive text-sm" role="alert">
          {error}
        </p>
      )}
      <FormDialogFooter pending={assign.isPending} submitLabel="Assign and import" />
    </form>
  );
}
