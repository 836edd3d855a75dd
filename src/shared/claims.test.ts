import { describe, expect, it } from 'vitest';
import { updateClaimSchema } from './claims.js';

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
