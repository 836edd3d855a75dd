import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  forgotPasswordRequestSchema,
  resetPasswordFormSchema,
} from './passwords.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('password rules of the spec', () => {
  it('requires 6 characters and a matching confirmation when changing a password', () => {
    expect(
      messages(changePasswordFormSchema.safeParse({ newPassword: '12345', confirmPassword: '12345' })),
    ).toEqual(['Password must be at least 6 characters']);
    expect(
      messages(changePasswordFormSchema.safeParse({ newPassword: '123456', confirmPassword: '1234567' })),
    ).toEqual(["Passwords don't match"]);
    expect(
      changePasswordFormSchema.safeParse({ newPassword: '123456', confirmPassword: '123456' }).success,
    ).toBe(true);
  });

  it('checks the email of a forgot-password request', () => {
    expect(messages(forgotPasswordRequestSchema.safeParse({ email: 'nope' }))).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it.each([
    ['Ab1', 'Password must be at least 8 characters'],
    ['abcdefg1', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh', 'Password must contain at least one number'],
  ])('refuses the reset password %s with "%s"', (password, message) => {
    expect(
      messages(resetPasswordFormSchema.safeParse({ newPassword: password, confirmPassword: password })),
    ).toContain(message);
  });

  it('requires the reset confirmation to match', () => {
    expect(
      messages(resetPasswordFormSchema.safeParse({ newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' })),
    ).toEqual(["Passwords don't match"]);
  });
});
