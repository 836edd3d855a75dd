import { describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind } from '../../test/test-app.js';

describe('health', async () => {
  const { app, database } = await createTestApp();

  it('answers liveness without touching the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers readiness with the database engine in use', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: testDatabaseKind() });
  });

  it('answers 503 with a message when the database is gone', async () => {
    const original = database.ping;
    database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: 'The database is not reachable' });
    } finally {
      database.ping = original;
    }
  });

  it('answers not ready once the process drains for shutdown, while still serving', async () => {
    app.lifecycle.draining = true;
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: 'This process is shutting down' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      app.lifecycle.draining = false;
    }
  });
});
