import { useState } from 'react';
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

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateUserMutation } from '../api/create-user';
import { SetPasswordLink } from './set-password-link';
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

function CreateUserForm({
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
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Username</FormLabel>
              <FormControl>
                <Input
                  autoComplete="off"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  {...field}
                />
              </FormControl>
              <FormDescription>Letters, numbers, dots, dashes and underscores.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <EmailField />
        <AccessFields companies={companies} />
        <FormField
          control={form.control}
          name="passwordMode"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="gap-2">
                  <Label className="hover:bg-accent/60 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-accent/40 items-start gap-3 rounded-md border p-3 font-normal">
                    <RadioGroupItem value="email-link" className="mt-0.5" />
                    <span className="grid gap-1">
                      <span className="font-medium">Email a set-password link</span>
                      <span className="text-muted-foreground leading-snug">
                        They choose their own password from a link sent to their email.
                      </span>
                    </span>
                  </Label>
                  <Label className="hover:bg-accent/60 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-accent/40 items-start gap-3 rounded-md border p-3 font-normal">
                    <RadioGroupItem value="temporary" className="mt-0.5" />
                    <span className="grid gap-1">
                      <span className="font-medium">Set a temporary password</span>
                      <span className="text-muted-foreground leading-snug">
                        You pass it on; they must change it when they first log in.
                      </span>
                    </span>
                  </Label>
                </RadioGroup>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {passwordMode === 'temporary' && (
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Temporary password</FormLabel>
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
                <FormDescription>At least 6 characters.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <FormDialogFooter pending={mutation.isPending} submitLabel="Create user" />
      </form>
    </Form>
  );
}

export function CreateUserDialog({
  open,
  onOpenChange,
  companies,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companies: readonly CompanySummary[];
}) {
  // Set when the server handed back the set-password link (no mail server): the dialog then shows it.
  const [linkFor, setLinkFor] = useState<RegisterResponse | null>(null);
  const close = () => {
    setLinkFor(null);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{linkFor ? `Send ${linkFor.username} their link` : 'Create user'}</DialogTitle>
          <DialogDescription>
            {linkFor
              ? 'The account is created. They set their own password from this link.'
              : 'The role and companies decide what the new user sees and may do.'}
          </DialogDescription>
        </DialogHeader>
        {linkFor ? (
          <SetPasswordLink user={linkFor} onDone={close} />
        ) : (
          <CreateUserForm
            companies={companies}
            onDone={(user) => (user.setPasswordUrl ? setLinkFor(user) : close())}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
