import { zodResolver } from '@hookform/resolvers/zod';

import { useForm } from 'react-hook-form';
import {
  updateUserRequestSchema,
  type CompanySummary,
  type ManagedUser,
  type UpdateUserRequest,
} from '@shared/users';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { personName } from '../../../components/user-avatar';

import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useUpdateUserMutation } from '../api/update-user';
import { AccessFields, EmailField, NameFields, USER_DETAILS_FIELDS } from './user-details-fields';

/** `PATCH /api/users/{id}`'s schema with every detail filled in; activation has its own action. */
const editUserFormSchema = updateUserRequestSchema.required().omit({ active: true });

/** The form of the edit user dialog: a chunk of its own, loaded when the dialog opens. */
export function EditUserForm({
  user,
  companies,
  isSelf,
  onDone,
}: {
  user: ManagedUser;
  companies: readonly CompanySummary[];
  isSelf: boolean;
  onDone: () => void;
}) {
  const mutation = useUpdateUserMutation();
  const form = useForm({
    resolver: zodResolver(editUserFormSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      role: user.role,
      companyIds: user.companyIds,
    },
  });

  const onSubmit = (changes: UpdateUserRequest) =>
    mutation.mutate(
      { id: user.id, changes },
      {
        onSuccess: (saved) => {
          toast({ title: 'User updated', description: `${personName(saved)}'s details were saved.` });
          onDone();
        },
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, USER_DETAILS_FIELDS)) return;
          toast({ variant: 'destructive', title: 'Could not save the user', description: error.message });
        },
      },
    );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <NameFields />
        <EmailField />
        <AccessFields companies={companies} roleLocked={isSelf} />
        <FormDialogFooter pending={mutation.isPending} submitLabel="Save changes" />
      </form>
    </Form>
  );
}
