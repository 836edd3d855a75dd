import { z } from 'zod';
import { CHANGE_PASSWORD_MIN_LENGTH, RESET_PASSWORD_MIN_LENGTH } from './constants.js';

const PASSWORD_MAX_LENGTH = 1024;

/** The change-password dialog (spec §5). On the forced first change the current password is not asked. */
const newPasswordSchema = z
  .string()
  .min(CHANGE_PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().optional(),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** `POST /api/change-password` body: what the dialog sends. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The answer to a new password equal to the current one. On the forced first change that is the temporary or
 * printed password, which would otherwise stay valid for good.
 */
export const UNCHANGED_PASSWORD_MESSAGE = 'Choose a new password that differs from your current one';

/** Sent as the current password on the forced first change, where the dialog hides that field (spec §5). */
export const FIRST_CHANGE_DUMMY_PASSWORD = 'first-login-change';

export const forgotPasswordRequestSchema = z.object({
  email: z.string().trim().email('Please enter a valid email address').max(320),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const forgotPasswordResponseSchema = z.object({
  message: z.string(),
  remainingAttempts: z.number().int().min(0).describe('Requests this address may still make this hour'),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** The reset-password rules of spec §5, used by the form and by the server. */
export const strongPasswordSchema = z
  .string()
  .min(RESET_PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

export const resetPasswordFormSchema = z
  .object({ newPassword: strongPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'The reset link is missing its token').max(200),
  newPassword: strongPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const verifyResetTokenResponseSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  firstPassword: z
    .boolean()
    .optional()
    .describe(
      'True when the account has no password yet (the link of a welcome mail): the page sets a first password',
    ),
});
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;

/** Answer of calls that only report success. */
export const messageResponseSchema = z.object({ message: z.string() });
