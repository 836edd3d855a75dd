import { zodResolver } from '@hookform/resolvers/zod';
import { WandSparklesIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  registerRequestSchema,
  type CompanySummary,
  type RegisterRequest,
  type RegisterResponse,
} from '@shared/users';

import { FieldBlock, TextField } from '../../../components/form-fields';
import { RadioCardOption } from '../../../components/form-choice-fields';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Button } from '../../../components/ui/button';
import { Form, FormControl } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { RadioGroup } from '../../../components/ui/radio-group';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateUserMutation } from '../api/create-user';
import { AccessFields, EmailField, NameFields, USER_DETAILS_FIELDS } from './user-details-fields';

const temporaryPasswordSchema = registerRequestSchema.shape.password.unwrap();

/**
 * The register form: `POST /api/register`'s schema, with the password replaced by a choice. Either the
 * admin sets a temporary password (which the user must change at first login) or the user is mailed a
 * link to choose one.
 */
const createUserFormSchema = registerRequestSchema
  .omit({ password: true })
  .extend({
    passwordMode: z.enum(['email-link', 'temporary']),
    password: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.passwordMode !== 'temporary') return;
    const result = temporaryPasswordSchema.safeParse(value.password);
    for (const issue of result.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
  });
type CreateUserForm = z.infer<typeof createUserFormSchema>;

const CREATE_FIELDS = [...USER_DETAILS_FIELDS, 'username', 'password'] as const;

/** 14 characters from an alphabet without look-alikes (no 0/O, 1/l/I), easy to read out loud. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

function toRequest({ passwordMode, password, ...rest }: CreateUserForm): RegisterRequest {
  return passwordMode === 'temporary' ? { ...rest, password } : rest;
}

/** The form of the create user dialog: a chunk of its own, loaded when the dialog opens. */
export function CreateUserForm({
  companies,
  onDone,
}: {
  companies: readonly CompanySummary[];
  onDone: (user: RegisterResponse) => void;
}) {
  const mutation = useCreateUserMutation();
  const form = useForm({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      role: 'viewer',
      companyIds: [],
      passwordMode: 'email-link',
      password: '',
    },
  });
  const passwordMode = useWatch({ control: form.control, name: 'passwordMode' });

  const onSubmit = (values: CreateUserForm) =>
    mutation.mutate(toRequest(values), {
      onSuccess: onDone,
      onError: (error) => applyFieldErrors(error, form.setError, CREATE_FIELDS),
    });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        <NameFields />
        <TextField
          name="username"
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          description="Letters, numbers, dots, dashes and underscores."
        />
        <EmailField />
        <AccessFields companies={companies} />
        <FieldBlock name="passwordMode" label="Password">
          {(field) => (
            <>
              <FormControl>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="gap-2">
                  <RadioCardOption
                    value="email-link"
                    title="Email a set-password link"
                    description="They choose their own password from a link sent to their email."
                  />
                  <RadioCardOption
                    value="temporary"
                    title="Set a temporary password"
                    description="You pass it on; they must change it when they first log in."
                  />
                </RadioGroup>
              </FormControl>
            </>
          )}
        </FieldBlock>
        {passwordMode === 'temporary' && (
          <FieldBlock name="password" label="Temporary password" description="At least 6 characters.">
            {(field) => (
              <>
                <div className="flex gap-2">
                  <FormControl>
                    <Input
                      autoComplete="off"
                      autoCapitalize="none"
                      autoCorrect="off"
                      spellCheck={false}
                      className="font-mono"
                      {...field}
                    />
                  </FormControl>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() =>
                      form.setValue('password', generatePassword(), {
                        shouldValidate: true,
                        shouldDirty: true,
                      })
                    }
                  >
                    <WandSparklesIcon aria-hidden="true" />
                    Generate
                  </Button>
                </div>
              </>
            )}
          </FieldBlock>
        )}
        <FormDialogFooter pending={mutation.isPending} submitLabel="Create user" />
      </form>
    </Form>
  );
}
