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
    expect(databaseFailureOf({ code: '23505' })).toBeNull();
    expect(databaseFailureOf(new Error('syntax error'))).toBeNull();
  });

  it('answers 503 with Retry-After', () => {
    const error = databaseUnavailableError('unreachable');
    expect(error.status).toBe(503);
    expect(error.headers).toEqual({ 'retry-after': '5' });
    expect(databaseUnavailableError('contention').headers).toEqual({ 'retry-after': '1' });
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
});
