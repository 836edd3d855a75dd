import { z } from 'zod';
import { userRoleSchema } from './auth.js';
import { queuedMailResponseSchema } from './mail-outbox.js';

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores');

/** A required e-mail address, as every form asks for one. */
export const emailSchema = z.string().trim().email('Please enter a valid email address').max(320);

/** A user as user management sees it. */
export const managedUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: userRoleSchema,
  profileImageUrl: z.string().nullable(),
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  companyIds: z.array(z.uuid()).describe('Companies whose records the user may see'),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** `POST /api/register`'s answer: the user, and the set-password link when it could not be mailed. */
export const registerResponseSchema = managedUserSchema.extend({
  setPasswordUrl: z
    .url()
    .optional()
    .describe(
      'Only when the account was created without a password and no mail server is configured: the welcome mail waits in the outbox, so the administrator passes this link on',
    ),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** `POST /api/users/{id}/send-password-reset`'s answer: whether the reset email is queued or held, and its link when held. */
export const passwordResetSentSchema = queuedMailResponseSchema.extend({
  resetUrl: z
    .url()
    .optional()
    .describe(
      'Only when no mail server is configured: the reset email waits in the outbox, so the administrator passes this link on',
    ),
});
export type PasswordResetSent = z.infer<typeof passwordResetSentSchema>;

/**
 * `POST /api/register` (admins only). Without a password, the new user is mailed a link to set one.
 */
export const registerRequestSchema = z.object({
  username: usernameSchema,
  password: z.string().min(6, 'Password must be at least 6 characters').max(1024).optional(),
  firstName: name('First name'),
  lastName: name('Last name'),
  email: emailSchema,
  role: userRoleSchema,
  companyIds: z.array(z.uuid()).max(500).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const updateUserRequestSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email: emailSchema,
    role: userRoleSchema,
    companyIds: z.array(z.uuid()).max(500),
    active: z.boolean(),
  })
  .partial();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const listUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional().describe('Matches username, names and email'),
  role: userRoleSchema.optional(),
  companyId: z.uuid().optional(),
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userListSchema = z.object({
  items: z.array(managedUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;

/** A company as the current user's company list shows it. */
export const companySummarySchema = z.object({ id: z.uuid(), name: z.string(), code: z.string() });
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** `PATCH /api/user/profile`: what a user may change about themselves on Edit Profile. */
export const updateProfileRequestSchema = registerRequestSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** Profile photos: the types accepted (checked by content, not by name) and the size limit. */
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
