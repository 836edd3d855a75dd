import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, Loader2Icon, MailCheckIcon, MailIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { FORGOT_PASSWORD_WARN_BELOW } from '@shared/constants';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@shared/passwords';

import { EmailAddressField } from '../../../components/form-fields';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { AuthCard, authLinkClass } from './auth-card';

/** The requests left for one address this hour, as the server last counted them. */
type Attempts = { email: string; remaining: number };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The spec's warning (§8): shown once fewer than 3 requests remain for the address. */
function AttemptsAlert({ remaining }: { remaining: number }) {
  if (remaining >= FORGOT_PASSWORD_WARN_BELOW) return null;
  return (
    <Alert variant={remaining === 0 ? 'destructive' : 'default'}>
      <CircleAlertIcon />
      <AlertDescription className={remaining === 0 ? undefined : 'text-foreground'}>
        {remaining === 0
          ? "You've reached the maximum number of attempts. Please try again later."
          : `You have ${remaining} attempt(s) remaining.`}
      </AlertDescription>
    </Alert>
  );
}

function BackToLogin() {
  return (
    <p className="text-muted-foreground text-center text-sm">
      Remembered it?{' '}
      <Link href="/login" className={authLinkClass}>
        Back to log in
      </Link>
    </p>
  );
}

/**
 * Forgot password (spec §2, §4, §8): an email field that turns into a success view on any answer but a
 * 429. The limit counts per address, so the warning and the disabled button apply to the address they
 * were counted for (and to the empty form that "Try Another Email" leaves), not to a different one.
 */
export function ForgotPasswordForm() {
  const mutation = useForgotPasswordMutation();
  const [submitted, setSubmitted] = useState(false);
  const [attempts, setAttempts] = useState<Attempts | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const remaining =
    attempts && (email.trim() === '' || sameAddress(email, attempts.email)) ? attempts.remaining : null;

  const showSuccess = () => {
    setSubmitted(true);
    toast({
      title: 'Check Your Email',
      description: 'If an account exists with this email, you will receive password reset instructions.',
    });
  };

  const onSubmit = (values: ForgotPasswordRequest) =>
    mutation.mutate(values, {
      onSuccess: (answer) => {
        setAttempts({ email: values.email, remaining: answer.remainingAttempts });
        showSuccess();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          setAttempts({ email: values.email, remaining: 0 });
          toast({
            variant: 'destructive',
            title: 'Too Many Attempts',
            description: error.message || 'Please try again later.',
          });
        } else if (error instanceof ApiError) {
          // Any other answer looks the same as success, so the page never tells who has an account.
          showSuccess();
        } else {
          toast({
            variant: 'destructive',
            title: 'Error',
            description: error.message || 'Failed to process password reset request. Please try again.',
          });
        }
      },
    });

  const tryAnotherEmail = () => {
    form.reset({ email: '' });
    mutation.reset();
    setSubmitted(false);
  };

  if (submitted) {
    return (
      <AuthCard
        icon={<MailCheckIcon />}
        iconTone="success"
        title="Check Your Email"
        description="If an account exists with this email, you will receive password reset instructions."
      >
        <p className="text-muted-foreground text-sm">
          The link in the email works for one hour. Check your spam folder if it hasn't arrived in a few
          minutes.
        </p>
        {attempts && <AttemptsAlert remaining={attempts.remaining} />}
        <Button type="button" variant="outline" className="w-full" onClick={tryAnotherEmail}>
          Try Another Email
        </Button>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<MailIcon />}
      title="Forgot your password?"
      description="Enter the email address of your account and we'll send you a link to set a new password."
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
          <EmailAddressField name="email" label="Email" autoComplete="email" placeholder="you@company.com" />
          {remaining !== null && <AttemptsAlert remaining={remaining} />}
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || remaining === 0}>
            {mutation.isPending ? (
              <>
                <Loader2Icon className="animate-spin" aria-hidden="true" />
                Sending…
              </>
            ) : (
              'Send reset link'
            )}
          </Button>
        </form>
      </Form>
      <BackToLogin />
    </AuthCard>
  );
}
