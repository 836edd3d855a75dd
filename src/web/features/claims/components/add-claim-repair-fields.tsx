import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Workflow } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import {
  canWorkOn,
  toAssigneeOption,
  useAssignableUsers,
  type AssigneeOption,
} from '../api/get-assignable-users';
import { useFacilityOptions } from '../api/get-facility-options';
import { Optional } from './add-claim-detail-fields';
import type { ClaimDetailsValues } from './add-claim-schema';

const NONE = 'none';

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
    <FormField
      control={form.control}
      name="repairFacilityId"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            Repair facility
            <Optional />
          </FormLabel>
          <Select
            value={field.value || NONE}
            onValueChange={(id) => field.onChange(id === NONE ? '' : id)}
            disabled={!workflow}
          >
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NONE}>
                {workflow ? 'Not chosen yet' : 'Choose the type of repair first'}
              </SelectItem>
              {(options ?? []).map((facility) => (
                <SelectItem key={facility.id} value={facility.id}>
                  {facility.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
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
  const form = useFormContext<ClaimDetailsValues>();
  const users = useAssignableUsers({ enabled: canListUsers });
  const others = (users.data ?? [])
    .filter((user) => user.id !== currentUser.id && canWorkOn(user, companyId))
    .map(toAssigneeOption);

  return (
    <FormField
      control={form.control}
      name="assigneeId"
      render={({ field }) => (
        <FormItem>
          <div className="flex items-center justify-between gap-2">
            <FormLabel>
              Assignee
              <Optional />
            </FormLabel>
            {field.value !== currentUser.id && (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-3.5 p-0"
                onClick={() => field.onChange(currentUser.id)}
              >
                Assign to me
              </Button>
            )}
          </div>
          <Select value={field.value || NONE} onValueChange={(id) => field.onChange(id === NONE ? '' : id)}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NONE}>Unassigned</SelectItem>
              <SelectItem value={currentUser.id}>{currentUser.name} (me)</SelectItem>
              {others.map((person) => (
                <SelectItem key={person.id} value={person.id}>
                  {person.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
