import { useRef } from 'react';
import { CopyIcon, MailWarningIcon } from 'lucide-react';
import type { ManagedUser } from '@shared/users';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';

async function copyText(input: HTMLInputElement, text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (a plain-http address other than localhost): the selected text is copied the old way.
    input.select();
    return document.execCommand('copy');
  }
}

/** The mails that carry a link that signs in, as this screen names them and their link. */
const HELD_MAILS = {
  welcome: {
    mail: 'welcome mail',
    link: 'Set-password link',
    use: 'set their password once, within 7 days',
  },
  reset: {
    mail: 'reset email',
    link: 'Reset link',
    use: 'set a new password once, within 1 hour',
  },
} as const;

/**
 * A mail with a link that signs in (the welcome mail after creating a user with "email a set-password link",
 * or a reset email) while no mail server is configured: the mail only waits in the outbox, so the administrator
 * is told so and copies the link to pass it on by hand (issue 31).
 */
export function HeldMailLink({
  kind,
  user,
  link,
  onDone,
}: {
  kind: keyof typeof HELD_MAILS;
  user: Pick<ManagedUser, 'username' | 'firstName' | 'lastName' | 'email'>;
  link: string;
  onDone: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const held = HELD_MAILS[kind];
  const inputId = `held-mail-link-${kind}`;

  return (
    <div className="grid gap-5">
      <Alert>
        <MailWarningIcon />
        <AlertTitle>No mail server is set up, so the {held.mail} was not sent</AlertTitle>
        <AlertDescription>
          <p>
            It waits in the outbox until SMTP_URL is configured. Copy the link below and send it to {name}
            {user.email ? ` (${user.email})` : ''} yourself: it lets them {held.use}.
          </p>
        </AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          {held.link} for {user.username}
        </Label>
        <div className="flex gap-2">
          <Input
            ref={input}
            id={inputId}
            readOnly
            value={link}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            onClick={async () => {
              const copied = await copyText(input.current!, link);
              toast(
                copied
                  ? { title: 'Link copied', description: `Send it to ${name}.` }
                  : { title: 'Copy the link by hand', description: 'The browser did not allow copying.' },
              );
            }}
          >
            <CopyIcon aria-hidden="true" />
            Copy link
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
