import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptAnswerKey, shapeOf } from './kept-answers.js';

const ACME = '0b7c4d3e-1111-4a5b-8c9d-000000000001';
const ZENITH = '0b7c4d3e-1111-4a5b-8c9d-000000000002';

describe('a kept answer’s key', () => {
  it('is one per question and scope, whatever the order of their parts', () => {
    const key = keptAnswerKey({
      question: { kind: 'report', filter: { range: 'last_year', compare: true }, today: '2026-11-27' },
      scope: [ACME, ZENITH],
    });
    expect(
      keptAnswerKey({
        question: {
          today: '2026-11-27',
          filter: { compare: true, range: 'last_year', companyId: undefined },
          kind: 'report',
        },
        scope: [ZENITH, ACME],
      }),
    ).toBe(key);
    expect(
      keptAnswerKey({
        question: { kind: 'report', filter: { range: 'last_year', compare: true }, today: '2026-11-28' },
        scope: [ACME, ZENITH],
      }),
    ).not.toBe(key);
    expect(
      keptAnswerKey({
        question: { kind: 'report', filter: { range: 'last_year', compare: true }, today: '2026-11-27' },
        scope: [ACME],
      }),
    ).not.toBe(key);
    expect(
      keptAnswerKey({
        question: { kind: 'report', filter: { range: 'last_year', compare: true }, today: '2026-11-27' },
        scope: 'all',
      }),
    ).not.toBe(key);
  });

  it('changes with the shape of the answer', () => {
    const before = shapeOf(z.object({ count: z.number() }));
    const after = shapeOf(z.object({ count: z.number(), asOf: z.string() }));
    expect(before()).toBe(shapeOf(z.object({ count: z.number() }))());
    expect(after()).not.toBe(before());
  });
});
