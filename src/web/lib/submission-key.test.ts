import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { createCompany } from '../features/fleet/api/create-company';
import { keyedSubmission, submissionKeys } from './submission-key';

afterEach(() => vi.unstubAllGlobals());

describe('one Idempotency-Key per form submission (decision 040)', () => {
  it('reuses the key when the same values are sent again after a failure, and takes a new one after a success', async () => {
    let n = 0;
    const keys = submissionKeys(() => `key-${++n}`);
    const sent: string[] = [];
    let fail = true;
    const submit = keyedSubmission(async (values: { name: string }, key: string) => {
      sent.push(`${values.name}:${key}`);
      if (fail) throw new Error('503');
      return values;
    }, keys);
    await expect(submit({ name: 'Acme' })).rejects.toThrow('503');
    fail = false;
    await submit({ name: 'Acme' });
    await submit({ name: 'Acme' });
    expect(sent).toEqual(['Acme:key-1', 'Acme:key-1', 'Acme:key-2']);
    fail = true;
    await expect(submit({ name: 'Acme' })).rejects.toThrow();
    await expect(submit({ name: 'Acme Freight' })).rejects.toThrow();
    expect(sent.slice(3)).toEqual(['Acme:key-3', 'Acme Freight:key-4']);
  });

  it('sends the key as the Idempotency-Key header', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 'c1' }, { status: 201 }));
    await createCompany({ name: 'Acme', code: 'ACME' } as never, 'form-key-1');
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.headers).toMatchObject({
      'Idempotency-Key': 'form-key-1',
      'Content-Type': 'application/json',
    });
  });
});
