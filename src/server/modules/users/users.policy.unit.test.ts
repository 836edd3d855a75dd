import { describe, expect, it } from 'vitest';
import { userActor } from '../../actor.js';
import type { users } from '../../db/schema/index.js';
import { impersonationRefusal, selfChangeRefusal } from './users.policy.js';

const admin = (impersonator: { id: string; username: string } | null = null) =>
  userActor({
    user: { id: 'admin-id', role: 'admin' } as typeof users.$inferSelect,
    companyIds: [],
    impersonator,
  });

describe('users policy', () => {
  it('an admin cannot deactivate themselves or give up their admin role, but may change others', () => {
    expect(selfChangeRefusal('admin-id', 'admin-id', { active: false })?.message).toBe(
      'You cannot deactivate yourself or remove your own admin role',
    );
    expect(selfChangeRefusal('admin-id', 'admin-id', { role: 'manager' })?.code).toBe('conflict');
    expect(selfChangeRefusal('admin-id', 'admin-id', { role: 'admin', firstName: 'Ada' })).toBeNull();
    expect(selfChangeRefusal('admin-id', 'other-id', { active: false })).toBeNull();
  });

  it('impersonates only from their own account, someone else, who is active', () => {
    const target = { id: 'target-id', active: true };
    expect(impersonationRefusal(admin(), target)).toBeNull();
    expect(impersonationRefusal(admin(), { id: 'admin-id', active: true })?.code).toBe('bad_request');
    expect(impersonationRefusal(admin(), { ...target, active: false })?.message).toBe(
      'This user is deactivated',
    );
    expect(impersonationRefusal(admin({ id: 'x', username: 'root' }), target)?.code).toBe('conflict');
  });
});
