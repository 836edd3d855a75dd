import { describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth.js';
import { ATTACHMENTS_PER_CLAIM_MAX } from '@shared/attachments.js';
import { userActor } from '../../actor.js';
import type { users } from '../../db/schema/index.js';
import { canRemoveAttachment, canUploadAttachment, claimHasRoomForFile } from './attachments.policy.js';

const ACME = 'acme';
const as = (role: UserRole) =>
  userActor({ user: { id: `${role}-id`, role } as typeof users.$inferSelect, companyIds: [ACME] });

describe('attachments policy', () => {
  it('managers upload and remove files of their companies’ claims; viewers neither', () => {
    expect(canUploadAttachment(as('manager'), { companyId: ACME })).toBe(true);
    expect(canRemoveAttachment(as('manager'), { companyId: ACME })).toBe(true);
    expect(canUploadAttachment(as('manager'), { companyId: 'zenith' })).toBe(false);
    expect(canUploadAttachment(as('viewer'), { companyId: ACME })).toBe(false);
    expect(canRemoveAttachment(as('viewer'), { companyId: ACME })).toBe(false);
  });

  it('a claim keeps a bounded number of files', () => {
    expect(claimHasRoomForFile(ATTACHMENTS_PER_CLAIM_MAX - 1)).toBe(true);
    expect(claimHasRoomForFile(ATTACHMENTS_PER_CLAIM_MAX)).toBe(false);
  });
});
