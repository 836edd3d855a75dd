import { useState } from 'react';
import { KeyRoundIcon } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { useUserCompanies } from '../../auth';
import { usePublicSettings } from '../../settings';
import { useApiTokens } from '../api/api-tokens';
import { ApiTokensList } from './api-tokens-list';
import { CreateApiTokenDialog } from './create-api-token-dialog';

/**
 * A manager's own API tokens, on Edit Profile: shown once an administrator allows managers to create tokens (System
 * Settings → API & Webhooks), and while the manager still has tokens to see or revoke after it is turned off.
 */
export function OwnApiTokensCard() {
  const allowed = usePublicSettings().data?.managersCreateApiTokens === true;
  const tokens = useApiTokens();
  const companies = useUserCompanies().data ?? [];
  const [creating, setCreating] = useState(false);
  if (!allowed && !tokens.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>API tokens</h2>
        </CardTitle>
        <CardDescription>
          Another system (a telematics box, a shop tablet) sends one as <code>Authorization: Bearer …</code>{' '}
          and acts as you, within the scopes and companies you choose. The administrators see your tokens too.
        </CardDescription>
        {allowed && (
          <CardAction>
            <Button variant="outline" onClick={() => setCreating(true)}>
              <KeyRoundIcon aria-hidden="true" />
              Create token
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <ApiTokensList onCreate={() => setCreating(true)} />
      </CardContent>
      <CreateApiTokenDialog
        open={creating}
        onOpenChange={setCreating}
        companies={companies}
        everyCompany={false}
      />
    </Card>
  );
}
