import { useFormContext, useWatch } from 'react-hook-form';
import { userRoleSchema, type UserRole } from '@shared/auth';
import type { CompanySummary } from '@shared/users';

import { EmailAddressField, FieldBlock, TextField } from '../../../components/form-fields';
import { FormControl, FormDescription } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { CompanyMultiSelect } from '../../../components/company-multi-select';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-badge';

/** The fields the create and edit forms share. */
export type UserDetailsValues = {
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  companyIds?: string[];
};

export const USER_DETAILS_FIELDS = ['firstName', 'lastName', 'email', 'role', 'companyIds'] as const;

export function NameFields() {
  return (
    <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
      <TextField name="firstName" label="First name" autoComplete="off" />
      <TextField name="lastName" label="Last name" autoComplete="off" />
    </div>
  );
}

export function EmailField() {
  return <EmailAddressField name="email" label="Email" autoComplete="off" />;
}

/** Role and companies; a user may not take away their own admin role (the server refuses it too). */
export function AccessFields({
  companies,
  roleLocked = false,
}: {
  companies: readonly CompanySummary[];
  roleLocked?: boolean;
}) {
  const form = useFormContext<UserDetailsValues>();
  const role = useWatch({ control: form.control, name: 'role' });
  return (
    <>
      <FieldBlock name="role" label="Role">
        {(field) => (
          <>
            <Select value={field.value} onValueChange={field.onChange} disabled={roleLocked}>
              <FormControl>
                <SelectTrigger className="w-full" onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose a role" />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {userRoleSchema.options.map((option) => (
                  <SelectItem key={option} value={option}>
                    {ROLE_LABELS[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormDescription>
              {roleLocked ? 'You cannot change your own role.' : ROLE_DESCRIPTIONS[role]}
            </FormDescription>
          </>
        )}
      </FieldBlock>
      <FieldBlock name="companyIds" label="Companies">
        {(field) => (
          <>
            <FormControl>
              <CompanyMultiSelect companies={companies} value={field.value ?? []} onChange={field.onChange} />
            </FormControl>
            <FormDescription>
              {role === 'admin'
                ? 'Admins see every company; the ones chosen here are their own.'
                : 'The user sees the claims of these companies only.'}
            </FormDescription>
          </>
        )}
      </FieldBlock>
    </>
  );
}
