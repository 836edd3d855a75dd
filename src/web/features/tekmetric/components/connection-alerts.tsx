import { CheckCircle2Icon, KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import type { TekmetricFailure, TestConnectionResult } from '@shared/tekmetric';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';

const FAILURE_TITLES: Record<TekmetricFailure, string> = {
  not_configured: 'Not set up yet',
  bad_credentials: 'Bad credentials',
  no_scope: 'No shop in scope',
  unreachable: 'Tekmetric is unreachable',
  api_error: 'Tekmetric answered with an error',
  url_refused: 'This address is not allowed',
};

/** The server has no SECRETS_KEY (PostgreSQL without the variable, decision 041): why Save and Test are off. */
export function SecretsKeyMissing({ id }: { id: string }) {
  return (
    <Alert variant="destructive">
      <KeyRoundIcon aria-hidden="true" />
      <AlertTitle>SECRETS_KEY is not set</AlertTitle>
      <AlertDescription id={id}>
        The server cannot store or use a client secret without it, so the settings cannot be saved and
        Tekmetric cannot be synced. Set SECRETS_KEY in the server’s environment (the same in every process)
        and restart it.
      </AlertDescription>
    </Alert>
  );
}

export function TestResult({ result }: { result: TestConnectionResult }) {
  if (result.ok) {
    return (
      <Alert>
        <CheckCircle2Icon aria-hidden="true" />
        <AlertTitle>{result.message}</AlertTitle>
        <AlertDescription>Map each shop to a repair facility below.</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{FAILURE_TITLES[result.reason]}</AlertTitle>
      <AlertDescription>{result.message}</AlertDescription>
    </Alert>
  );
}
