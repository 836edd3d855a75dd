import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_LINK_TTL_MS, RESET_PASSWORD_PATH } from '@shared/constants.js';
import { AppError } from '@shared/errors.js';
import { actorIp, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { queueMail } from '../mail/index.js';
import { hitRateLimit, retryAfterSeconds } from '../rate-limit/index.js';
import { hashPassword } from './password.js';
import { deleteUserSessions, hashToken, type UserRow } from './session.service.js';

/** Forgot-password requests allowed per email address per hour (PRODUCT.md §5), and per client address. */
export const FORGOT_PASSWORD_LIMIT = 5;
export const FORGOT_PASSWORD_ADDRESS_LIMIT = 20;
const HOUR_MS = 60 * 60 * 1000;
/** A set-password link in a welcome mail lives longer than a reset link: the user may not read mail today. */
export const INVITE_LINK_TTL_MS = 7 * 24 * HOUR_MS;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists with this email, you will receive password reset instructions.';
export const INVALID_RESET_LINK_MESSAGE =
  'This password reset link is invalid or has expired. Please request a new one.';

/** Creates a single-use token (only its hash is stored) and answers the link to send. */
export async function createResetLink(
  db: Database,
  appUrl: string,
  userId: string,
  ttlMs = RESET_LINK_TTL_MS,
) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  // Built from APP_URL, never from the request's Host header, which an attacker controls.
  return `${appUrl}${RESET_PASSWORD_PATH}${token}`;
}

/** Queues the reset email, and answers its link (the admin's "Send reset email" passes it on without a mail server). */
export async function sendPasswordResetMail(db: Database, appUrl: string, user: UserRow): Promise<string> {
  if (!user.email) throw new AppError('conflict', 'This user has no email address to send a reset link to');
  const resetUrl = await createResetLink(db, appUrl, user.id);
  await queueMail(db, {
    to: user.email,
    template: 'password_reset',
    values: { firstName: user.firstName ?? user.username, username: user.username, resetUrl },
  });
  return resetUrl;
}

/** Queues the welcome mail with a set-password link, and answers the link (see the register route). */
export async function sendWelcomeMail(
  db: Database,
  appUrl: string,
  user: UserRow,
  invitedBy: string,
): Promise<string> {
  const setPasswordUrl = await createResetLink(db, appUrl, user.id, INVITE_LINK_TTL_MS);
  await queueMail(db, {
    to: user.email!,
    template: 'welcome',
    values: {
      firstName: user.firstName ?? user.username,
      username: user.username,
      invitedBy,
      setPasswordUrl,
    },
  });
  return setPasswordUrl;
}

/**
 * Handles a forgot-password request: counted per address (the 6th in an hour is refused), and answered the
 * same whether or not an account has that email.
 */
export async function requestPasswordReset(db: Database, actor: Actor, appUrl: string, email: string) {
  const perEmail = await hitRateLimit(db, `forgot:${email.toLowerCase()}`, HOUR_MS);
  const perAddress = await hitRateLimit(db, `forgot-ip:${actorIp(actor)}`, HOUR_MS);
  const exceeded = [
    perEmail.count > FORGOT_PASSWORD_LIMIT && perEmail,
    perAddress.count > FORGOT_PASSWORD_ADDRESS_LIMIT && perAddress,
  ].find(Boolean);
  if (exceeded) {
    throw new AppError('rate_limited', 'Too many password reset attempts. Please try again later.', {
      headers: { 'retry-after': String(retryAfterSeconds(exceeded)) },
    });
  }
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.active, true)));
  if (user) {
    await sendPasswordResetMail(db, appUrl, user);
    await recordAudit(db, actor, {
      action: 'password.reset_requested',
      entityType: 'user',
      entityId: user.id,
      actorId: null,
    });
  }
  return {
    message: FORGOT_PASSWORD_MESSAGE,
    remainingAttempts: Math.max(0, FORGOT_PASSWORD_LIMIT - perEmail.count),
  };
}

async function findLiveToken(db: Database, token: string) {
  const [row] = await db
    .select({
      tokenHash: passwordResetTokens.tokenHash,
      userId: passwordResetTokens.userId,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    );
  return row;
}

/**
 * Whether a link still works, and whether it sets the account's first password: an account created with "email a
 * set-password link" has none until then, so its page is titled for that rather than for a reset.
 */
export async function verifyResetToken(db: Database, token: string) {
  const live = await findLiveToken(db, token);
  if (!live) return { valid: false, message: INVALID_RESET_LINK_MESSAGE };
  return live.hasPassword
    ? { valid: true, message: 'The reset link is valid.', firstPassword: false }
    : { valid: true, message: 'The link to set your first password is valid.', firstPassword: true };
}

/** Sets the new password, uses the token up, and ends every session of the user. */
export async function resetPassword(db: Database, actor: Actor, token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Marking the token used first, conditionally, makes two simultaneous uses of one link impossible.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    const live =
      used &&
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, used.userId), eq(users.active, true)))
      )[0];
    if (!live) throw new AppError('bad_request', INVALID_RESET_LINK_MESSAGE);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, live.id));
    await deleteUserSessions(tx, live.id);
    await recordAudit(tx, actor, {
      action: 'password.reset',
      entityType: 'user',
      entityId: live.id,
      actorId: live.id,
    });
  });
}
