import type { EmailTemplateKey } from '@shared/email-templates.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { queueMail } from '../mail/index.js';

let appUrl: string | null = null;

/**
 * The address of the app, for the links in notification emails. Set once from the configuration when the
 * app is built (`app.ts`), so that every caller of `notify` keeps its signature.
 */
export function setNotificationLinkBase(url: string) {
  appUrl = url.replace(/\/+$/, '');
}

/** The absolute link a mail gives for a claim, or for the notifications page when about no claim. */
export function notificationLink(claimId: string | null | undefined) {
  if (!appUrl) throw new Error('notification links need the app URL: call setNotificationLinkBase first');
  return claimId ? `${appUrl}/vehicles/${claimId}` : `${appUrl}/notifications`;
}

/** Who did it, as an email names them (`changedBy`). */
function actorName(actor: Actor) {
  if (actor.kind === 'user') {
    const { firstName, lastName, username } = actor.user;
    return [firstName, lastName].filter(Boolean).join(' ') || username;
  }
  return actor.kind === 'link' ? actor.label : 'FleetClaims';
}

/**
 * A notification's email: the template of its kind when the caller gave one, else the generic one; every
 * email gets the title, the message, who acted (`changedBy`) and the link.
 */
export async function queueNotificationMail(
  db: Database,
  actor: Actor,
  to: string,
  input: {
    title: string;
    message: string;
    relatedVehicleId?: string | null;
    mail?: { template: EmailTemplateKey; values: Record<string, string> };
  },
) {
  const claimUrl = notificationLink(input.relatedVehicleId);
  return queueMail(db, {
    to,
    template: input.mail?.template ?? 'notification',
    values: {
      title: input.title,
      message: input.message,
      changedBy: actorName(actor),
      ...input.mail?.values,
      claimUrl,
    },
  });
}
