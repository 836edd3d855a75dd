import { describe, expect, it } from 'vitest';
import {
  CLAIM_FILTER_KEYS,
  claimFilterSchema,
  claimFilterSearch,
  listClaimsQuerySchema,
  parseClaimFilters,
} from './claim-filter.js';

const COMPANY = '3f1c2b9e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';

describe('claim filters', () => {
  it('every filter key of the list is a key of the shared schema, and the list query adds only paging', () => {
    expect(CLAIM_FILTER_KEYS).toEqual(Object.keys(claimFilterSchema.shape));
    expect(
      Object.keys(listClaimsQuerySchema.shape).filter((key) => !CLAIM_FILTER_KEYS.includes(key as never)),
    ).toEqual(['sort', 'order', 'page', 'pageSize', 'cursor']);
  });

  it('parses an address as the list reads it: repeated statuses, ids, dates, flags', () => {
    const params = new URLSearchParams(
      `status=reported&status=in_repair&companyId=${COMPANY}&from=2026-01-01&overdue=true&search=%20ford%20&sort=eta`,
    );
    expect(parseClaimFilters(params)).toEqual({
      status: ['reported', 'in_repair'],
      companyId: COMPANY,
      from: '2026-01-01',
      overdue: 'true',
      search: 'ford',
    });
  });

  it('leaves out what the schema refuses instead of failing the whole filter', () => {
    const params = new URLSearchParams(
      'status=reported&status=nonsense&companyId=not-a-uuid&from=yesterday&open=maybe&workflow=collision',
    );
    expect(parseClaimFilters(params)).toEqual({ status: ['reported'], workflow: 'collision' });
  });

  it('writes a filter back as the query string it was read from', () => {
    const filter = { status: ['reported', 'in_repair'], workflow: 'mechanical', down: 'true' };
    expect(parseClaimFilters(new URLSearchParams(claimFilterSearch(filter)))).toEqual(filter);
  });
});
