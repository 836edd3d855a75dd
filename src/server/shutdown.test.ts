import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from './test/test-app.js';

const fixture = path.join(import.meta.dirname, 'test/fixtures/slow-server.ts');

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection per request, so no request can be lost to a keep-alive race on the client's side.
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('graceful shutdown', async () => {
  const database = await createTestDatabase();
  afterAll(() => database.close());

  it('answers every request in flight when SIGTERM arrives, then exits 0 and refuses new ones', async () => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SLOW_MS: '500',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fc-shutdown-')),
      DATABASE_URL: testDatabaseKind() === 'postgres' ? database.url! : '',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const waitFor = (predicate: () => boolean, what: string) =>
      new Promise<void>((resolve, reject) => {
        // Generous: a child process compiling TypeScript and migrating PGlite on a busy machine is slow.
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}\n${output}`)), 90_000);
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          child.stdout.off('data', check);
          resolve();
        };
        child.stdout.on('data', check);
        check();
      });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await waitFor(() => /listening (http:\/\/\S+)/.test(output), 'the server to listen');
    const url = /listening (http:\/\/\S+)/.exec(output)![1]!.replace('localhost', '127.0.0.1');

    const burst = 40;
    const responses = Array.from({ length: burst }, () => get(`${url}/api/test/slow`));
    const started = () => output.split('slow request started').length - 1;
    await waitFor(() => started() === burst, `${burst} requests to reach the handler`);

    child.kill('SIGTERM');
    const results = await Promise.all(responses);
    expect(results.map((result) => result.status)).toEqual(Array(burst).fill(200));
    expect(results.every((result) => JSON.parse(result.body).ok === true)).toBe(true);

    expect(await exited).toBe(0);
    expect(output).toContain('shut down cleanly');
    await expect(get(`${url}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
  }, 180_000);
});
