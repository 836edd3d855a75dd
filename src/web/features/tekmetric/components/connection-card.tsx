import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, PlugZapIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  SECRET_AGAIN,
  secretMustBeReentered,
  TEKMETRIC_ENVIRONMENT_LABELS,
  TEKMETRIC_ENVIRONMENTS,
  updateTekmetricSettingsSchema,
  type TekmetricSettings,
  type TestConnectionResult,
} from '@shared/tekmetric';

import { FieldBlock, TextField } from '../../../components/form-fields';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form, FormControl } from '../../../components/ui/form';
import type { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSaveTekmetricSettings, useTestTekmetricConnection } from '../api/tekmetric-api';
import { SecretsKeyMissing, TestResult } from './connection-alerts';

/** The form holds text; on submit it is checked with the request's own schema (`updateTekmetricSettingsSchema`). */
const formSchema = z.object({
  environment: z.enum(TEKMETRIC_ENVIRONMENTS),
  baseUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  syncEveryMinutes: z.string(),
});
type FormValues = z.infer<typeof formSchema>;
const FIELDS = ['environment', 'baseUrl', 'clientId', 'clientSecret', 'syncEveryMinutes'] as const;

function TextInputField(
  props: { name: (typeof FIELDS)[number]; label: string; description?: string } & React.ComponentProps<
    typeof Input
  >,
) {
  return <TextField {...props} />;
}

const NO_KEY_ID = 'tekmetric-no-secrets-key';

/** Environment, credentials and the schedule; "Test connection" asks Tekmetric for a token and the shops. */
export function ConnectionCard({
  settings,
  onTested,
}: {
  settings: TekmetricSettings;
  onTested: (result: TestConnectionResult) => void;
}) {
  const save = useSaveTekmetricSettings();
  const test = useTestTekmetricConnection();
  const [replacingSecret, setReplacingSecret] = useState(!settings.secretSet);
  const [result, setResult] = useState<TestConnectionResult | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      environment: settings.environment,
      baseUrl: settings.environment === 'custom' ? settings.baseUrl : '',
      clientId: settings.clientId ?? '',
      clientSecret: '',
      syncEveryMinutes: String(settings.syncEveryMinutes),
    },
  });
  const [environment, baseUrl, clientId] = useWatch({
    control: form.control,
    name: ['environment', 'baseUrl', 'clientId'],
  });
  // A new environment, base URL or client id needs the secret again (the server refuses it without).
  const secretAgain = secretMustBeReentered(settings, { environment, baseUrl, clientId });
  const askSecret = replacingSecret || secretAgain;
  // Without SECRETS_KEY the server can neither store nor use a secret: saving and testing cannot work.
  const noKey = !settings.secretsKeyConfigured;

  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: (answer) => {
        setResult(answer);
        onTested(answer);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not test the connection', description: error.message }),
    });

  const onSubmit = (values: FormValues) => {
    const minutes = values.syncEveryMinutes.trim() === '' ? Number.NaN : Number(values.syncEveryMinutes);
    const body = {
      environment: values.environment,
      ...(values.environment === 'custom' ? { baseUrl: values.baseUrl.trim() } : {}),
      clientId: values.clientId,
      ...(askSecret && values.clientSecret ? { clientSecret: values.clientSecret } : {}),
      syncEveryMinutes: minutes,
    };
    const parsed = updateTekmetricSettingsSchema.safeParse(body);
    const missingSecret = secretAgain && !values.clientSecret.trim();
    if (missingSecret) form.setError('clientSecret', { type: 'required', message: SECRET_AGAIN });
    if (!parsed.success || missingSecret) {
      for (const issue of parsed.error?.issues ?? []) {
        const field = issue.path[0] as (typeof FIELDS)[number];
        if (FIELDS.includes(field) && !form.getFieldState(field).error)
          form.setError(field, { type: 'schema', message: issue.message });
      }
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast({ title: 'Tekmetric settings saved', description: 'The client secret is stored encrypted.' });
        form.reset({ ...values, clientSecret: '' });
        setReplacingSecret(!saved.secretSet);
      },
      onError: (error) => {
        if (applyFieldErrors(error, form.setError, FIELDS)) return;
        toast({ variant: 'destructive', title: 'Could not save the settings', description: error.message });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Connection</h2>
        </CardTitle>
        <CardDescription>
          The API credentials Tekmetric issued to FleetClaims. The secret is stored encrypted and never shown
          again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {noKey && <SecretsKeyMissing id={NO_KEY_ID} />}
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <FieldBlock name="environment" label="Environment">
                {(field) => (
                  <>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <FormControl>
                        <SelectTrigger className="w-full">
                          <SelectValue />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {TEKMETRIC_ENVIRONMENTS.map((value) => (
                          <SelectItem key={value} value={value}>
                            {TEKMETRIC_ENVIRONMENT_LABELS[value]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </>
                )}
              </FieldBlock>
              {environment === 'custom' ? (
                <TextInputField
                  name="baseUrl"
                  label="Base URL"
                  type="url"
                  placeholder="https://sandbox.tekmetric.com"
                  autoComplete="off"
                  spellCheck={false}
                />
              ) : (
                <div className="grid content-start gap-2">
                  <span className="text-sm font-medium">Base URL</span>
                  <span className="text-muted-foreground py-1.5 font-mono text-sm break-all">
                    {environment === 'production'
                      ? 'https://shop.tekmetric.com'
                      : 'https://sandbox.tekmetric.com'}
                  </span>
                </div>
              )}
              <TextInputField name="clientId" label="Client id" autoComplete="off" spellCheck={false} />
              {askSecret ? (
                <TextInputField
                  name="clientSecret"
                  label="Client secret"
                  type="password"
                  autoComplete="new-password"
                  description={
                    secretAgain
                      ? 'The connection changed: enter the secret again.'
                      : settings.secretSet
                        ? 'Leave empty to keep the stored secret.'
                        : undefined
                  }
                />
              ) : (
                <div className="grid content-start gap-2">
                  <span className="text-sm font-medium">Client secret</span>
                  <div className="flex items-center gap-2">
                    <Badge variant="secondary">Set</Badge>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => setReplacingSecret(true)}
                    >
                      Replace
                      <span className="sr-only"> the client secret</span>
                    </Button>
                  </div>
                </div>
              )}
              <TextInputField
                name="syncEveryMinutes"
                label="Sync every (minutes)"
                type="number"
                inputMode="numeric"
                min={1}
                description="Repair orders changed since the last sync are fetched this often."
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                disabled={save.isPending || noKey}
                aria-describedby={noKey ? NO_KEY_ID : undefined}
              >
                {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                Save settings
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={test.isPending || noKey || !settings.secretSet || form.formState.isDirty}
                aria-describedby={noKey ? NO_KEY_ID : undefined}
                onClick={runTest}
              >
                {test.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <PlugZapIcon aria-hidden="true" />
                )}
                Test connection
              </Button>
            </div>
            {form.formState.isDirty && settings.secretSet && (
              <p className="text-muted-foreground text-sm">Save the changes to test them.</p>
            )}
          </form>
        </Form>
        {result && <TestResult result={result} />}
      </CardContent>
    </Card>
  );
}
