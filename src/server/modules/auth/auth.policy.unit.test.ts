import { describe, expect, it } from 'vitest';
import { userActor } from '../../actor.js';
import type { users } from '../../db/schema/index.js';
import { passwordChangeRefusal } from './auth.policy.js';

const admin = (impersonator: { id: string; username: string } | null = null) =>
  userActor({
    user: { id: 'admin-id', role: 'admin' } as typeof users.$inferSelect,
    companyIds: [],
    impersonator,
  });

describe('auth policy', () => {
  it('a password is not changed while impersonating', () => {
    expect(passwordChangeRefusal(admin())).toBeNull();
    expect(passwordChangeRefusal(admin({ id: 'x', username: 'root' }))?.code).toBe('forbidden');
  });
});
