import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Log } from '../../logger.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../auth/index.js';

/**
 * On a first start with no users, creates the administrator named by INITIAL_ADMIN_USERNAME with
 * INITIAL_ADMIN_PASSWORD, or a random password printed once to the log. The admin must change it at first
 * login either way. Two processes starting at once create one admin (the username is unique).
 */
export async function ensureInitialAdmin(db: Database, config: Config, logger: Log) {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return;
  const password = config.initialAdminPassword ?? randomBytes(12).toString('base64url');
  try {
    await db.insert(users).values({
      username: config.initialAdminUsername,
      role: 'admin',
      // No made-up name: the first login greets "admin" and the header shows the login name until the
      // administrator enters theirs on Edit Profile (it used to greet "Welcome back, System!").
      firstName: null,
      lastName: null,
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  if (config.initialAdminPassword) {
    logger.info(
      `Created the first administrator "${config.initialAdminUsername}" with INITIAL_ADMIN_PASSWORD`,
    );
  } else {
    logger.warn(
      `Created the first administrator. Log in as "${config.initialAdminUsername}" with the password ${password} — ` +
        'it is shown only this once, and you will be asked to change it.',
    );
  }
}
