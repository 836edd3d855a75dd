import { AuthPageLayout, ForgotPasswordForm } from '../../features/auth';

export function ForgotPasswordPage() {
  return (
    <AuthPageLayout>
      <ForgotPasswordForm />
    </AuthPageLayout>
  );
}
