import { describe, expect, it } from 'vitest';

import { loginRequestSchema, userSchema } from './auth';

const messages = (input: unknown) =>
  loginRequestSchema
    .safeParse(input)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('loginRequestSchema', () => {
  it("answers with the spec's messages when username and password are empty", () => {
    expect(messages({ username: '', password: '' })).toEqual([
      'username: Username is required',
      'password: Password is required',
    ]);
  });

  it('treats a username of spaces as missing and trims a real one', () => {
    expect(messages({ username: '   ', password: 'x' })).toEqual(['username: Username is required']);
    expect(loginRequestSchema.parse({ username: ' dana ', password: 'x' }).username).toBe('dana');
  });

  it('keeps the password exactly as typed', () => {
    expect(loginRequestSchema.parse({ username: 'dana', password: ' secret ' }).password).toBe(' secret ');
  });
});

describe('userSchema', () => {
  it('accepts the first admin, who has only a username', () => {
    const admin = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      username: 'admin',
      email: null,
      firstName: null,
      lastName: null,
      role: 'admin',
      profileImageUrl: null,
      mustChangePassword: true,
      isImpersonating: false,
      originalAdmin: null,
    };
    expect(userSchema.parse(admin)).toEqual(admin);
  });
});
