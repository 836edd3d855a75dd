import { useState } from 'react';
import { KeyRoundIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { ApiTokensList, CreateApiTokenDialog } from '../../features/api-tokens';
import { useUserCompanies } from '../../features/auth';
import { ROUTE_PERMISSIONS } from '../route-permissions';

const TITLE = ROUTE_PERMISSIONS.apiTokens.title;

/** API Tokens (issue 33): administrators give other systems a way into the API, and take it back. */
export function ApiTokensPage() {
  // For an admin, "the user's companies" are all companies: the choices of a token's companies.
  const companies = useUserCompanies().data ?? [];
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={TITLE}
      description={
        <>
          Tokens other systems call the API with (<code>Authorization: Bearer …</code>), each acting for the
          administrator who made it within its scopes and companies. The routes and their scopes are in the{' '}
          <a href="/api/docs" className="text-primary underline underline-offset-4">
            API documentation
          </a>
          .
        </>
      }
      actions={
        <Button onClick={() => setCreating(true)}>
          <KeyRoundIcon aria-hidden="true" />
          Create token
        </Button>
      }
    >
      <ApiTokensList onCreate={() => setCreating(true)} />
      <CreateApiTokenDialog open={creating} onOpenChange={setCreating} companies={companies} />
    </Page>
  );
}
