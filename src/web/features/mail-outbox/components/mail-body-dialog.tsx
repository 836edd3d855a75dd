import { MailOpenIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { OutboxMail } from '@shared/mail-outbox';

import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';

/** The mails whose link signs in (masked here): a new one is handed on from Users. */
const SIGN_IN_LINK_TEMPLATES = new Set(['welcome', 'password_reset']);

/**
 * A held or failed mail opened: its plain-text body as the server answers it, with every reset and set-password
 * link masked (docs/architecture.md, "Mail"): what it says can be read and the mail resent, its link cannot be taken.
 */
export function MailBodyDialog({ mail }: { mail: OutboxMail }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Open “${mail.subject}” to ${mail.to}`}>
          <MailOpenIcon aria-hidden="true" />
          Open
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{mail.subject}</DialogTitle>
          <DialogDescription>
            To {mail.to}. Links that sign in are hidden: Resend sends the mail with its link to its recipient.
          </DialogDescription>
        </DialogHeader>
        <pre className="bg-muted max-h-[60vh] overflow-auto rounded-md p-3 text-sm whitespace-pre-wrap">
          {mail.text}
        </pre>
        {mail.templateKey && SIGN_IN_LINK_TEMPLATES.has(mail.templateKey) && (
          <p className="text-muted-foreground text-sm">
            To hand the link on yourself, send {mail.to} a new reset link from{' '}
            <Link href={`/users?search=${encodeURIComponent(mail.to)}`} className="text-primary underline">
              Users
            </Link>
            : without a mail server it is shown there to copy, and sets a first password as well.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
