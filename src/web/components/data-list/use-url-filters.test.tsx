import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { listClaimsQuerySchema } from '@shared/claims';
import { listUsersQuerySchema } from '@shared/users';

import { listSearchParams, readUrlFilters, useUrlFilters } from './use-url-filters';

afterEach(cleanup);

const usersSchema = listUsersQuerySchema.omit({ pageSize: true });
const COMPANY = 'c1a1a1a1-0000-4000-8000-000000000001';

function renderAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {children}
    </Router>
  );
  const hook = renderHook(() => useUrlFilters(usersSchema), { wrapper });
  return { ...hook, memory };
}

describe('readUrlFilters', () => {
  it('parses the address with the shared schema, trimming and applying defaults', () => {
    const filter = readUrlFilters(usersSchema, new URLSearchParams(`search=%20dana%20&role=manager&page=3`));
    expect(filter).toEqual({ search: 'dana', role: 'manager', page: 3 });
  });

  it('drops a malformed value on its own, keeping the others', () => {
    const params = new URLSearchParams(`role=wizard&companyId=nope&active=true&page=-2&search=`);
    expect(readUrlFilters(usersSchema, params)).toEqual({ active: 'true', page: 1 });
  });

  it('keeps the valid values of a repeated key, each once', () => {
    const params = new URLSearchParams('status=in_repair&status=bogus&status=on_hold&status=in_repair');
    expect(readUrlFilters(listClaimsQuerySchema, params).status).toEqual(['in_repair', 'on_hold']);
    expect(readUrlFilters(listClaimsQuerySchema, new URLSearchParams('status=bogus')).status).toBeUndefined();
  });
});

describe('useUrlFilters', () => {
  it('writes a change into the address, back on page 1, replacing the history', () => {
    const { result, memory } = renderAt(`/users?page=3&active=false`);
    expect(result.current.filtered).toBe(true);
    act(() => result.current.setFilter({ role: 'viewer', companyId: COMPANY }));
    expect(memory.history).toEqual([`/users?active=false&role=viewer&companyId=${COMPANY}`]);
    expect(result.current.filter).toEqual({ role: 'viewer', companyId: COMPANY, active: 'false', page: 1 });
  });

  it('pages without losing the filters, and leaves page 1 out of the address', () => {
    const { result, memory } = renderAt('/users?role=viewer');
    act(() => result.current.setFilter({ page: 2 }));
    expect(memory.history.at(-1)).toBe('/users?role=viewer&page=2');
    act(() => result.current.setFilter({ page: 1 }));
    expect(memory.history.at(-1)).toBe('/users?role=viewer');
  });

  it('clears every filter, and an empty value removes its key', () => {
    const { result, memory } = renderAt('/users?search=dana&role=viewer&page=2');
    act(() => result.current.setFilter({ search: '' }));
    expect(memory.history.at(-1)).toBe('/users?role=viewer');
    act(() => result.current.clearFilters());
    expect(memory.history.at(-1)).toBe('/users');
    expect(result.current.filtered).toBe(false);
  });
});

describe('listSearchParams', () => {
  it('leaves out empty values and repeats the keys of a list', () => {
    const params = listSearchParams({ search: '', status: ['new', 'fixed'], role: undefined, page: 1 });
    expect(params.toString()).toBe('status=new&status=fixed&page=1');
  });
});
