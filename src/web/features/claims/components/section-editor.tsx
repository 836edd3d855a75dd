import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { Claim, UpdateClaimValues } from '@shared/claims';

import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { isConflict } from '../api/claim-cache';
import { useUpdateClaimMutation } from '../api/update-claim';
import {
  changedFields,
  formValuesOf,
  SECTION_FIELDS,
  SECTION_TITLES,
  sameFields,
  sectionSchema,
  type ClaimFormValues,
  type ClaimSection,
} from './claim-fields';
import { ClaimFieldInput } from './claim-field-input';
import { conflictRows, VersionConflict } from './version-conflict';

type Changes = Partial<UpdateClaimValues>;
type Conflict = { changes: Changes; message: string; sentVersion: number };

/** Names of the location, facility and assignee a claim refers to, by id. */
function namesOf(claim: Claim): Record<string, string> {
  const names: Record<string, string> = {};
  if (claim.locationId && claim.locationName) names[claim.locationId] = claim.locationName;
  if (claim.repairFacilityId && claim.facilityName) names[claim.repairFacilityId] = claim.facilityName;
  if (claim.assignee) names[claim.assignee.id] = claim.assignee.name;
  return names;
}

/**
 * Edits one section of the claim in place. Only the fields the user changed are sent, with the version the
 * form was opened at; if someone else saved first (409), the user sees their version beside the current
 * one and can apply their changes again in one click, edit again, or drop them.
 */
export function SectionEditor({
  claim,
  section,
  onClose,
  onDirtyChange,
}: {
  /** The claim as the cache holds it now; it may move on while the form is open. */
  claim: Claim;
  section: ClaimSection;
  onClose: () => void;
  onDirtyChange: (section: ClaimSection, dirty: boolean) => void;
}) {
  const fields = SECTION_FIELDS[section];
  /** The claim as it was when editing began: the user's changes are relative to it. */
  const [base, setBase] = useState(claim);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const mutation = useUpdateClaimMutation();
  const resolver = useMemo(() => zodResolver(sectionSchema(fields)), [fields]);
  const form = useForm<ClaimFormValues, unknown, UpdateClaimValues>({
    resolver,
    defaultValues: formValuesOf(claim),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const names = { ...namesOf(base), ...namesOf(claim), ...picked };
  const dirty = form.formState.isDirty || conflict !== null;

  // Keyboard and screen-reader users start in the form, on opening and on editing again after a conflict.
  // FormControl gives each field's control the id `…-form-item`.
  useEffect(() => {
    if (!conflict) formRef.current?.querySelector<HTMLElement>('[id$="-form-item"]')?.focus();
  }, [conflict]);

  useEffect(() => {
    onDirtyChange(section, dirty);
  }, [dirty, section, onDirtyChange]);
  // Closed (saved, cancelled or discarded): nothing is left unsaved here.
  useEffect(() => () => onDirtyChange(section, false), [section, onDirtyChange]);

  const save = (changes: Changes, version: number) =>
    mutation.mutate(
      { id: claim.id, changes: { ...changes, version } },
      {
        onSuccess: () => {
          toast({ title: 'Claim updated', description: `${SECTION_TITLES[section]} details saved.` });
          onClose();
        },
        onError: (error) => {
          if (isConflict(error)) {
            setConflict({ changes, message: error.message, sentVersion: version });
            return;
          }
          setConflict(null);
          if (applyFieldErrors(error, form.setError, fields)) return;
          toast({ variant: 'destructive', title: 'Could not save the claim', description: error.message });
        },
      },
    );

  const onSubmit = (values: UpdateClaimValues) => {
    const changes = changedFields(values, base, fields);
    if (Object.keys(changes).length === 0) return onClose();
    // A newer version in the cache that left these fields alone (another section saved meanwhile) is
    // safe to build on; one that changed them must go through the conflict review.
    save(changes, sameFields(base, claim, fields) ? claim.version : base.version);
  };

  const editAgain = (changes: Changes) => {
    const typed = form.getValues();
    const kept = Object.fromEntries(
      Object.keys(changes).map((field) => [field, typed[field as keyof ClaimFormValues]]),
    );
    setBase(claim);
    form.reset({ ...formValuesOf(claim), ...kept });
    setConflict(null);
  };

  if (conflict) {
    return (
      <VersionConflict
        message={conflict.message}
        rows={conflictRows(fields, base, claim, conflict.changes)}
        loading={claim.version <= conflict.sentVersion}
        names={names}
        saving={mutation.isPending}
        onReapply={() => save(conflict.changes, claim.version)}
        onEditAgain={() => editAgain(conflict.changes)}
        onDiscard={onClose}
      />
    );
  }

  return (
    <Form {...form}>
      <form ref={formRef} onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <div className="grid items-start gap-x-4 gap-y-5 @sm:grid-cols-2">
          {fields.map((field) => (
            <ClaimFieldInput
              key={field}
              field={field}
              claim={claim}
              names={names}
              onName={(id, label) => setPicked((known) => ({ ...known, [id]: label }))}
            />
          ))}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Save
          </Button>
        </div>
      </form>
    </Form>
  );
}
