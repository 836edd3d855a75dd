import { describe, expect, it } from 'vitest';

import { buildNotification } from '../../../test/notification-factory';
import { groupByClaim } from './notification-groups';

const CLAIM_ID = '4f7e2a10-5b7c-4d8e-9f01-23456789abcd';

describe('groupByClaim', () => {
  it('keeps a mention among the same claim’s notifications on a line of its own', () => {
    const onClaim = (type: 'assignment' | 'estimate_review', title: string) =>
      buildNotification({ type, title, relatedVehicleId: CLAIM_ID });
    const review1 = onClaim('estimate_review', 'Supplement 2 awaits review on CLM-000123: $310.00');
    const mention = buildNotification({
      type: 'mention',
      title: 'Dana Reyes mentioned you on CLM-000123',
      relatedVehicleId: CLAIM_ID,
    });
    const review2 = onClaim('estimate_review', 'Supplement 1 awaits review on CLM-000123: $120.00');
    const review3 = onClaim('estimate_review', 'Original awaits review on CLM-000123: $1,240.00');
    const assigned = onClaim('assignment', 'CLM-000123 was assigned to you');

    const groups = groupByClaim([review1, mention, review2, review3, assigned]);

    expect(groups.map((group) => [group.latest.title, group.count, group.claimId])).toEqual([
      ['Supplement 2 awaits review on CLM-000123: $310.00', 4, CLAIM_ID],
      ['Dana Reyes mentioned you on CLM-000123', 1, null],
    ]);
    expect(groups[0]!.items.map((item) => item.title)).toEqual([
      'Supplement 2 awaits review on CLM-000123: $310.00',
      'Supplement 1 awaits review on CLM-000123: $120.00',
      'Original awaits review on CLM-000123: $1,240.00',
      'CLM-000123 was assigned to you',
    ]);
    expect(groups[1]!.items).toEqual([mention]);
  });

  it('keeps two mentions on one claim apart too', () => {
    const mentions = [1, 2].map((n) =>
      buildNotification({ type: 'mention', title: `Mention ${n}`, relatedVehicleId: CLAIM_ID }),
    );
    expect(groupByClaim(mentions).map((group) => group.count)).toEqual([1, 1]);
  });
});
