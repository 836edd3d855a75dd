import { Suspense, useState, type ReactNode } from 'react';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { ApiTokensList, CreateApiTokenDialog } from '../../features/api-tokens';
import { useUserCompanies } from '../../features/auth';
import { ManagersApiTokensSetting } from '../../features/settings';
import { CreateWebhookDialog, WebhooksList } from '../../features/webhooks';
import { ROUTE_PERMISSIONS } from '../route-permissions';

const TITLE = ROUTE_PERMISSIONS.api.title;

function Section({
  title,
  text,
  action,
  children,
}: {
  title: string;
  text: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${title}-heading`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${title}-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-muted-foreground max-w-3xl text-sm">{text}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** API & Webhooks (issue 33): administrators let other systems in with tokens and tell them of events. */
export function ApiPage() {
  // For an admin, "the user's companies" are all companies: the choices of a token's or an endpoint's companies.
  const companies = useUserCompanies().data ?? [];
  const [creatingToken, setCreatingToken] = useState(false);
  const [creatingWebhook, setCreatingWebhook] = useState(false);
  return (
    <Page
      title={TITLE}
      description={
        <>
          How other systems (telematics, an ERP, a BI tool) read and change claims, and hear of them. Every
          route and the scope it needs is in the{' '}
          <a href="/api/docs" className="text-primary underline underline-offset-4">
            API documentation
          </a>
          .
        </>
      }
    >
      <div className="grid gap-10">
        <Section
          title="API tokens"
          text={
            <>
              Sent as <code>Authorization: Bearer …</code>, each acts for the person who made it, within its
              scopes and companies, 600 requests a minute. Every token is listed here, managers’ too.
            </>
          }
          action={
            <Button onClick={() => setCreatingToken(true)}>
              <KeyRoundIcon aria-hidden="true" />
              Create token
            </Button>
          }
        >
          <Suspense fallback={<div aria-busy="true" className="h-[74px] rounded-md border" />}>
            <ManagersApiTokensSetting />
          </Suspense>
          <ApiTokensList onCreate={() => setCreatingToken(true)} />
        </Section>
        <Section
          title="Webhooks"
          text="Each event is POSTed as signed JSON by the server’s job runner, retried for about a day, in order per claim and per invoice; an endpoint that fails for a day is turned off and the administrators told."
          action={
            <Button onClick={() => setCreatingWebhook(true)}>
              <PlusIcon aria-hidden="true" />
              Add endpoint
            </Button>
          }
        >
          <WebhooksList onCreate={() => setCreatingWebhook(true)} />
        </Section>
      </div>
      <CreateApiTokenDialog open={creatingToken} onOpenChange={setCreatingToken} companies={companies} />
      <CreateWebhookDialog open={creatingWebhook} onOpenChange={setCreatingWebhook} companies={companies} />
    </Page>
  );
}
