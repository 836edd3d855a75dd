import { MailWarningIcon } from 'lucide-react';
import type { ManagedUser } from '@shared/users';

import { CopyField } from '../../../components/copy-field';
import { ShownOnce } from '../../../components/shown-once';

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
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const held = HELD_MAILS[kind];

  return (
    <ShownOnce
      icon={<MailWarningIcon />}
      title={`No mail server is set up, so the ${held.mail} was not sent`}
      onDone={onDone}
    >
      {[
        <>
          It waits in the outbox until SMTP_URL is configured. Copy the link below and send it to {name}
          {user.email ? ` (${user.email})` : ''} yourself: it lets them {held.use}.
        </>,
        <CopyField
          key="link"
          id={`held-mail-link-${kind}`}
          label={`${held.link} for ${user.username}`}
          value={link}
          copyLabel="Copy link"
          copied={{ title: 'Link copied', description: `Send it to ${name}.` }}
        />,
      ]}
    </ShownOnce>
  );
}
