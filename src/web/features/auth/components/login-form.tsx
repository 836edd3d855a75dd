import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { LoginRequest } from '@shared/auth';

import { TextField } from '../../../components/form-fields';
import { Button } from '../../../components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { applyFieldErrors } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useLoginMutation } from '../api/login';

const LOGIN_FIELDS = ['username', 'password'] as const;

// Zod is the largest part of the login page's JavaScript; it loads once the user starts typing.
const validation = lazyResolver<LoginRequest>(() => import('./login-resolver').then((m) => m.loginResolver));

/** Username and password, validated with the same schema the server uses. */
export function LoginForm() {
  const loginMutation = useLoginMutation();
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = (values: LoginRequest) =>
    loginMutation.mutate(values, {
      onError: (error) => applyFieldErrors(error, form.setError, LOGIN_FIELDS),
    });

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        onFocus={() => void validation.preload()}
        noValidate
        className="grid gap-5"
      >
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between gap-2">
                <FormLabel>Password</FormLabel>
                <Link
                  href="/forgot-password"
                  className="text-primary focus-visible:ring-ring/50 rounded-sm text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
                >
                  Forgot your password?
                </Link>
              </div>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="w-full" disabled={loginMutation.isPending}>
          {loginMutation.isPending ? (
            <>
              <Loader2Icon className="animate-spin" aria-hidden="true" />
              Logging in…
            </>
          ) : (
            'Log in'
          )}
        </Button>
      </form>
    </Form>
  );
}
