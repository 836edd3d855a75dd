import { KeyRoundIcon } from 'lucide-react';
import type { CreatedApiToken } from '@shared/api-tokens';

import { CopyField } from '../../../components/copy-field';
import { ShownOnce } from '../../../components/shown-once';

/** The new token, this once: to copy into the other system, with a first call to try it. */
export function CreatedApiTokenView({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const example = `curl -H "Authorization: Bearer ${created.token}" ${window.location.origin}/api/vehicles`;
  return (
    <ShownOnce icon={<KeyRoundIcon />} title="Copy the token now: it is not shown again" onDone={onDone}>
      {[
        <>
          Only its first characters ({created.apiToken.hint}…) stay visible here. If it is lost, revoke it and
          create another.
        </>,
        <div key="values" className="grid gap-5">
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
        </div>,
      ]}
    </ShownOnce>
  );
}
