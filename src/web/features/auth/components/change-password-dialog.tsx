import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  changePasswordFormSchema,
  FIRST_CHANGE_DUMMY_PASSWORD,
  type ChangePasswordForm,
} from '@shared/passwords';

import { TextField } from '../../../components/form-fields';
import { FormDialog } from '../../../components/form-dialog';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useChangePasswordMutation } from '../api/change-password';
import { useLogoutMutation } from '../api/logout';

/** Outside the forced first change the current password is asked, so it must be filled in. */
const withCurrentPasswordSchema = changePasswordFormSchema.safeExtend({
  currentPassword: z.string().min(1, 'Enter your current password'),
});

function ChangePasswordForm({ forced, onDone }: { forced: boolean; onDone: () => void }) {
  const mutation = useChangePasswordMutation();
  const logoutMutation = useLogoutMutation();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(forced ? changePasswordFormSchema : withCurrentPasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = ({ currentPassword, newPassword }: ChangePasswordForm) =>
    mutation.mutate(
      // The forced change hides the current password; the server expects a placeholder there (spec §5).
      { currentPassword: forced ? FIRST_CHANGE_DUMMY_PASSWORD : currentPassword, newPassword },
      {
        onSuccess: onDone,
        onError: (error) =>
          applyFieldErrors(
            error,
            form.setError,
            forced ? ['newPassword'] : ['currentPassword', 'newPassword'],
          ),
      },
    );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
        {!forced && (
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        )}
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          description="At least 6 characters."
        />
        <TextField
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <DialogFooter className="sm:items-center">
          {forced ? (
            // Not a way to close the dialog: whoever cannot set a password now can still leave.
            <Button
              type="button"
              variant="ghost"
              className="sm:mr-auto"
              onClick={() => logoutMutation.mutate()}
              disabled={logoutMutation.isPending || mutation.isPending}
            >
              Log out
            </Button>
          ) : (
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
          )}
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? (
              <>
                <Loader2Icon className="animate-spin" aria-hidden="true" />
                Changing…
              </>
            ) : (
              'Change password'
            )}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The change-password dialog (spec §4, §5). Forced (first login with an admin-issued password): it cannot
 * be closed (no close button; Escape and clicks outside do nothing) and does not ask for the current
 * password. Otherwise (Edit Profile) it asks for the current password and closes like any dialog.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  forced = false,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  forced?: boolean;
}) {
  return (
    <FormDialog
      open={open}
      // A forced change cannot be closed.
      onOpenChange={(next) => !forced && onOpenChange?.(next)}
      className="sm:max-w-md"
      contentProps={{
        showCloseButton: !forced,
        ...(forced
          ? { onEscapeKeyDown: keepOpen, onPointerDownOutside: keepOpen, onInteractOutside: keepOpen }
          : {}),
      }}
      title={forced ? 'Set a new password' : 'Change password'}
      description={
        forced
          ? 'Before you continue, replace the password you were given with one only you know.'
          : 'Enter your current password, then the new one twice.'
      }
    >
      {/* Mounted only while open, so every opening starts with empty fields. */}
      <ChangePasswordForm forced={forced} onDone={() => onOpenChange?.(false)} />
    </FormDialog>
  );
}
