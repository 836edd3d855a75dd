import { z } from 'zod';

/** The three roles of the spec (§6); what each may do lives in the permission table. */
export const userRoleSchema = z.enum(['admin', 'manager', 'viewer']);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * The signed-in user as `GET /api/user` and `POST /api/login` answer it (spec §3 plus email). Names and
 * email are nullable because the first admin is created from the environment with a username only.
 */
export const userSchema = z.object({
  id: z.uuid().describe('Opaque user id'),
  username: z.string().describe('Login name, unique'),
  email: z.email().nullable().describe('Where password resets and notifications are sent'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: userRoleSchema,
  profileImageUrl: z.string().nullable().describe('Avatar URL, or null for initials'),
  mustChangePassword: z.boolean().describe('True until the user replaces an admin-issued password'),
  isImpersonating: z.boolean().describe('True while an admin acts as this user'),
  originalAdmin: z
    .object({ username: z.string() })
    .nullable()
    .describe('The admin behind an impersonation, else null'),
});
export type User = z.infer<typeof userSchema>;

/**
 * `POST /api/login` body. The browser form and the server validate with this same schema, so the messages
 * under the fields are the spec's (§5). The username is trimmed because a stray space typed or pasted
 * around it is never meant; the password is taken exactly as typed.
 */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(256, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `GET /api/auth/options`: which ways to sign in this server offers, for the login page. */
export const authOptionsSchema = z.object({
  googleSignIn: z.boolean().describe('Whether Google sign-in is configured (GOOGLE_CLIENT_ID and _SECRET)'),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;
