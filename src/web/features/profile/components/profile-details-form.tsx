import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { User } from '@shared/auth';
import { updateProfileRequestSchema, type UpdateProfileRequest } from '@shared/users';

import { EmailAddressField, TextField } from '../../../components/form-fields';
import { Button } from '../../../components/ui/button';
import { CardHeading } from '../../../components/card-heading';
import { Card, CardContent, CardFooter } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useUpdateProfileMutation } from '../api/update-profile';

const PROFILE_FIELDS = ['firstName', 'lastName', 'email'] as const;

const detailsOf = (user: User): UpdateProfileRequest => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
});

/** Names and email of the signed-in user (`PATCH /api/user/profile`); the username is fixed. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const mutation = useUpdateProfileMutation();
  const form = useForm({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: detailsOf(user),
  });

  const onSubmit = (values: UpdateProfileRequest) =>
    mutation.mutate(values, {
      onSuccess: (saved) => {
        form.reset(detailsOf(saved));
        toast({ title: 'Profile updated', description: 'Your details have been saved.' });
      },
      onError: (error) => {
        if (applyFieldErrors(error, form.setError, PROFILE_FIELDS)) return;
        toast({ variant: 'destructive', title: 'Could not save your profile', description: error.message });
      },
    });

  return (
    <Card>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-6">
          <CardHeading
            title="Personal details"
            description={<>How you appear to your colleagues, and where your mail goes.</>}
          />
          <CardContent className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor="profile-username">Username</Label>
              <Input id="profile-username" value={user.username} readOnly disabled />
              <p className="text-muted-foreground text-sm">Your username cannot be changed.</p>
            </div>
            <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
              <TextField name="firstName" label="First name" autoComplete="given-name" />
              <TextField name="lastName" label="Last name" autoComplete="family-name" />
            </div>
            <EmailAddressField
              name="email"
              label="Email"
              autoComplete="email"
              description="Password reset links and notifications are sent here."
            />
          </CardContent>
          <CardFooter className="justify-end gap-2 border-t pt-6">
            <Button
              type="button"
              variant="ghost"
              disabled={!form.formState.isDirty || mutation.isPending}
              onClick={() => form.reset(detailsOf(user))}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={!form.formState.isDirty || mutation.isPending}>
              {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              Save changes
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}
