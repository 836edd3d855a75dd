import { describe, expect, it } from 'vitest';
import { CappedFilters } from './capped-filters.js';

describe('CappedFilters', () => {
  it('remembers a filter that passed the cap until its time runs out', () => {
    let now = 1_000;
    const filters = new CappedFilters(30_000, 10, () => now);
    expect(filters.has('search sprinter')).toBe(false);
    filters.remember('search sprinter');
    now += 29_999;
    expect(filters.has('search sprinter')).toBe(true);
    expect(filters.has('search transit')).toBe(false);
    now += 1;
    expect(filters.has('search sprinter')).toBe(false);
  });

  it('keeps at most its size, forgetting the filter remembered longest ago', () => {
    const filters = new CappedFilters(30_000, 2, () => 0);
    filters.remember('a');
    filters.remember('b');
    filters.remember('a');
    filters.remember('c');
    expect(filters.has('a')).toBe(true);
    expect(filters.has('b')).toBe(false);
    expect(filters.has('c')).toBe(true);
  });
});
