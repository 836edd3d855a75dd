import { KeyRoundIcon } from 'lucide-react';
import type { CreatedApiToken } from '@shared/api-tokens';

import { CopyField } from '../../../components/copy-field';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';

/** The new token, this once: to copy into the other system, with a first call to try it. */
export function CreatedApiTokenView({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const example = `curl -H "Authorization: Bearer ${created.token}" ${window.location.origin}/api/vehicles`;
  return (
    <div className="grid gap-5">
      <Alert>
        <KeyRoundIcon />
        <AlertTitle>Copy the token now: it is not shown again</AlertTitle>
        <AlertDescription>
          <p>
            Only its first characters ({created.apiToken.hint}…) stay visible here. If it is lost, revoke it
            and create another.
          </p>
        </AlertDescription>
      </Alert>
      <CopyField
        id="new-api-token"
        label={`Token for “${created.apiToken.name}”`}
        value={created.token}
        copyLabel="Copy token"
        copied={{ title: 'Token copied', description: 'Paste it into the other system’s settings.' }}
      />
      <CopyField
        id="new-api-token-example"
        label="Try it"
        value={example}
        copyLabel="Copy"
        copied={{ title: 'Command copied', description: 'It lists the claims the token may see.' }}
      />
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
