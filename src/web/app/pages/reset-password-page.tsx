import { useParams } from 'wouter';

import { AuthPageLayout, ResetPasswordFlow } from '../../features/auth';

export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <AuthPageLayout>
      {/* A new link opened in the same tab starts over: no state of the previous token carries over. */}
      <ResetPasswordFlow key={token} token={token} />
    </AuthPageLayout>
  );
}
