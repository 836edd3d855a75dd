import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon, KeyRoundIcon, LinkIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { RESET_SUCCESS_REDIRECT_MS } from '@shared/constants';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@shared/passwords';

import { TextField } from '../../../components/form-fields';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useResetPasswordMutation } from '../api/reset-password';
import { useVerifyResetToken } from '../api/verify-reset-token';
import { AuthCard, authLinkClass } from './auth-card';

function RequestNewLink() {
  return (
    <Button asChild className="w-full">
      <Link href="/forgot-password">Request a new link</Link>
    </Button>
  );
}

function CheckingLink() {
  return (
    <AuthCard title="Checking your reset link…">
      <div className="flex justify-center py-4">
        <Spinner className="text-muted-foreground size-6" />
      </div>
    </AuthCard>
  );
}

function InvalidLink() {
  return (
    <AuthCard
      icon={<LinkIcon />}
      iconTone="destructive"
      title="Invalid or Expired Link"
      description="This password reset link is invalid or has expired. Please request a new one."
    >
      <RequestNewLink />
    </AuthCard>
  );
}

function CheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <AuthCard
      icon={<TriangleAlertIcon />}
      iconTone="destructive"
      title="We couldn't check this link"
      description="Failed to validate reset link. Please try again."
    >
      <Button className="w-full" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </AuthCard>
  );
}

/**
 * The words of the page: a reset (spec §2, §8), or a new account's first password (the welcome mail's link,
 * which the server tells apart: the account has no password yet).
 */
const WORDING = {
  reset: {
    title: 'Set a new password',
    description: 'Choose the password you will use to log in from now on.',
    submit: 'Reset password',
    submitting: 'Resetting…',
    done: 'Password Reset Successfully',
    documentTitle: 'Reset password',
  },
  first: {
    title: 'Set your password',
    description:
      'Welcome to FleetClaims. Choose the password for your new account; you log in with it from now on.',
    submit: 'Set password',
    submitting: 'Setting…',
    done: 'Password set',
    documentTitle: 'Set your password',
  },
};
type Wording = (typeof WORDING)['reset'];

/** Success (spec §4): says so, then moves on to the log-in page after 3 seconds. */
function ResetDone({ wording }: { wording: Wording }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login'), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <AuthCard
      icon={<CircleCheckIcon />}
      iconTone="success"
      title={wording.done}
      description="You can now log in with your new password. Taking you to the log-in page…"
    >
      <Button asChild className="w-full">
        <Link href="/login">Log in now</Link>
      </Button>
    </AuthCard>
  );
}

function NewPasswordForm({
  token,
  wording,
  onDone,
}: {
  token: string;
  wording: Wording;
  onDone: () => void;
}) {
  const mutation = useResetPasswordMutation();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = ({ newPassword }: ResetPasswordForm) =>
    mutation.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          toast({
            title: wording.done,
            description: 'You can now log in with your new password.',
          });
          onDone();
        },
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, ['newPassword'])) return;
          toast({
            variant: 'destructive',
            title: 'Error',
            description:
              error.message || 'Failed to reset password. Please try again or request a new reset link.',
          });
        },
      },
    );

  return (
    <AuthCard icon={<KeyRoundIcon />} title={wording.title} description={wording.description}>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
          <TextField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            description="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          />
          <TextField
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? (
              <>
                <Loader2Icon className="animate-spin" aria-hidden="true" />
                {wording.submitting}
              </>
            ) : (
              wording.submit
            )}
          </Button>
        </form>
      </Form>
      <p className="text-muted-foreground text-center text-sm">
        <Link href="/login" className={authLinkClass}>
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}

/**
 * Reset password (spec §2, §4, §8): checks the link's token first, then shows the form, the invalid-link
 * view, or, once the new password is set, the success view.
 */
export function ResetPasswordFlow({ token }: { token: string }) {
  const check = useVerifyResetToken(token);
  const [done, setDone] = useState(false);
  const wording = check.data?.firstPassword ? WORDING.first : WORDING.reset;
  useDocumentTitle(wording.documentTitle);

  useEffect(() => {
    if (!check.isError) return;
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'Failed to validate reset link. Please try again.',
    });
  }, [check.isError, check.errorUpdatedAt]);

  if (done) return <ResetDone wording={wording} />;
  if (check.isPending) return <CheckingLink />;
  if (check.isError) return <CheckFailed onRetry={() => void check.refetch()} retrying={check.isFetching} />;
  if (!check.data.valid) return <InvalidLink />;
  return <NewPasswordForm token={token} wording={wording} onDone={() => setDone(true)} />;
}
