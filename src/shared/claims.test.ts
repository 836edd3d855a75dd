import { describe, expect, it } from 'vitest';
import { actedByName, updateClaimSchema } from './claims.js';

describe('who did it', () => {
  const maria = { id: '8f1c2a52-2f7e-4c7b-9a3e-6f0d6f1f0a01', username: 'maria', name: 'Maria Manager' };
  const alex = { id: '8f1c2a52-2f7e-4c7b-9a3e-6f0d6f1f0a02', username: 'alex', name: 'Alex Admin' };

  it('names the user, and the admin who acted as them while impersonating', () => {
    expect(actedByName(maria, null, 'System')).toBe('Maria Manager');
    expect(actedByName(maria, alex, 'System')).toBe('Alex Admin as Maria Manager');
    expect(actedByName(null, null, 'System')).toBe('System');
    expect(actedByName(null, alex, 'a deleted user')).toBe('Alex Admin as a deleted user');
  });
});

describe('claim tags', () => {
  it('keeps a tag written twice (in any case) once, as first written', () => {
    expect(updateClaimSchema.parse({ version: 1, tags: ['walk', ' bumper ', 'Walk', 'walk'] }).tags).toEqual([
      'walk',
      'bumper',
    ]);
  });

  it('says what is wrong with a tag', () => {
    const result = updateClaimSchema.safeParse({ version: 1, tags: [' ', 'x'.repeat(31)] });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'A tag cannot be empty',
      'A tag has at most 30 characters',
    ]);
  });
});
