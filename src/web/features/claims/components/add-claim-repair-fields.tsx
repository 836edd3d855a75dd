import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { canWorkOnClaimsOf } from '@shared/claims.policy';
import type { Workflow } from '@shared/workflows';

import { Optional } from '../../../components/form-fields';
import { SelectField } from '../../../components/form-choice-fields';
import { Button } from '../../../components/ui/button';
import { SelectItem } from '../../../components/ui/select';
import { toAssigneeOption, useAssignableUsers, type AssigneeOption } from '../api/get-assignable-users';
import { useFacilityOptions } from '../api/get-facility-options';
import type { ClaimDetailsValues } from './add-claim-schema';

/** Facilities doing this workflow's kind of work; a facility that does not is unset when the workflow changes. */
export function FacilityField({ workflow }: { workflow: Workflow | undefined }) {
  const form = useFormContext<ClaimDetailsValues>();
  const facilities = useFacilityOptions(workflow ?? 'collision', { enabled: Boolean(workflow) });
  const options = facilities.data;
  const chosen = useWatch({ control: form.control, name: 'repairFacilityId' });
  useEffect(() => {
    if (chosen && options && !options.some((facility) => facility.id === chosen)) {
      form.setValue('repairFacilityId', '');
    }
  }, [chosen, options, form]);

  return (
    <SelectField
      name="repairFacilityId"
      label={
        <>
          Repair facility
          <Optional />
        </>
      }
      none={workflow ? 'Not chosen yet' : 'Choose the type of repair first'}
      options={options ?? []}
      disabled={!workflow}
    />
  );
}

/**
 * Who works the claim. An admin can choose anyone who may work on the vehicle's company; everyone else can
 * assign it to themselves (there is no claim yet to ask who else could see it), or leave it unassigned.
 */
export function AssigneeField({
  companyId,
  currentUser,
  canListUsers,
}: {
  companyId: string;
  currentUser: AssigneeOption;
  canListUsers: boolean;
}) {
  const users = useAssignableUsers({ enabled: canListUsers });
  const others = (users.data ?? [])
    .filter((user) => user.id !== currentUser.id && canWorkOnClaimsOf(user, companyId))
    .map(toAssigneeOption);

  return (
    <SelectField
      name="assigneeId"
      label={
        <>
          Assignee
          <Optional />
        </>
      }
      labelAside={(value, onChange) =>
        value !== currentUser.id && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-3.5 p-0"
            onClick={() => onChange(currentUser.id)}
          >
            Assign to me
          </Button>
        )
      }
      none="Unassigned"
      options={others.map((person) => ({ id: person.id, name: person.name }))}
    >
      <SelectItem value={currentUser.id}>{currentUser.name} (me)</SelectItem>
    </SelectField>
  );
}
