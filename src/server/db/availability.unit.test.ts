import { describe, expect, it } from 'vitest';
import { DatabaseAvailability, databaseFailureOf, databaseUnavailableError } from './availability.js';

describe('database failures', () => {
  it('tells an unreachable or too slow database from a wrong query, through wrapped causes', () => {
    expect(
      databaseFailureOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe('unreachable');
    expect(databaseFailureOf(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(databaseFailureOf({ message: 'Failed query', cause: { code: '57P01' } })).toBe('unreachable');
    expect(databaseFailureOf({ code: '08006' })).toBe('unreachable');
    expect(databaseFailureOf({ code: '57014' })).toBe('statement_timeout');
    expect(databaseFailureOf({ message: 'Failed query', cause: { code: '40P01' } })).toBe('contention');
    expect(databaseFailureOf({ code: '40001' })).toBe('contention');
    expect(databaseFailureOf({ code: '55P03' })).toBe('contention');
    expect(databaseFailureOf(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    expect(
      databaseFailureOf(new Error('Connection terminated due to connection timeout', { cause: new Error() })),
    ).toBe('unreachable');
    expect(databaseFailureOf({ code: '23505' })).toBeNull();
    expect(databaseFailureOf(new Error('syntax error'))).toBeNull();
  });

  it('answers 503 with Retry-After', () => {
    const error = databaseUnavailableError('unreachable');
    expect(error.status).toBe(503);
    expect(error.headers).toEqual({ 'retry-after': '5' });
    expect(databaseUnavailableError('contention').headers).toEqual({ 'retry-after': '1' });
    expect(databaseUnavailableError('busy').headers).toEqual({ 'retry-after': '2' });
  });

  it('logs an outage once, and its end once', () => {
    const lines: string[] = [];
    const availability = new DatabaseAvailability();
    availability.setLogger({
      warn: (_o, message) => lines.push(message),
      info: (message) => lines.push(message),
    });
    for (let i = 0; i < 50; i++) availability.failed(new Error('Connection terminated'));
    expect(availability.reachable).toBe(false);
    availability.succeeded();
    availability.succeeded();
    expect(lines).toEqual([
      'the database is not reachable; requests answer 503 until it is back',
      'the database is reachable again',
    ]);
  });

  it('tells a busy pool from an outage: logged at most once a minute, and part of an outage while there is one', () => {
    const lines: string[] = [];
    let now = 0;
    const availability = new DatabaseAvailability({ now: () => now });
    availability.setLogger({
      warn: (_o, message) => lines.push(message),
      info: (message) => lines.push(message),
    });
    const queueTimeout = () => new Error('timeout exceeded when trying to connect');
    for (let i = 0; i < 20; i++) expect(availability.noticed(queueTimeout())).toBe('busy');
    now = 59_999;
    availability.noticed(queueTimeout());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^every database connection stayed busy/);
    expect(availability.reachable).toBe(true);
    now = 60_000;
    availability.noticed(queueTimeout());
    expect(lines).toHaveLength(2);

    expect(availability.noticed(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(availability.noticed(queueTimeout())).toBe('unreachable');
    expect(availability.noticed({ code: '23505' })).toBeNull();
    expect(lines.slice(2)).toEqual(['the database is not reachable; requests answer 503 until it is back']);
  });

  it('checks outside the pool, at most every 5 s, whether a busy pool hangs on a database that went away', async () => {
    let now = 0;
    let probes = 0;
    let answers = true;
    const availability = new DatabaseAvailability({
      now: () => now,
      probe: async () => {
        probes++;
        if (!answers) throw new Error('Connection terminated due to connection timeout');
      },
    });
    const queueTimeout = () => new Error('timeout exceeded when trying to connect');
    availability.noticed(queueTimeout());
    availability.noticed(queueTimeout());
    await expect.poll(() => probes).toBe(1);
    expect(availability.reachable).toBe(true);

    answers = false;
    now = 4_999;
    availability.noticed(queueTimeout());
    expect(probes).toBe(1);
    now = 5_000;
    expect(availability.noticed(queueTimeout())).toBe('busy');
    await expect.poll(() => availability.reachable).toBe(false);
    expect(probes).toBe(2);
    expect(availability.noticed(queueTimeout())).toBe('unreachable');
  });
});
