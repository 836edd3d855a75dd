import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { tekmetricConnection } from './db/schema/index.js';
import { settleSecretsKey } from './secrets-key.js';
import { createTestDatabase, testConfig } from './test/test-app.js';

/** The key that encrypts stored secrets, as the start settles it (decision 041). */
describe('SECRETS_KEY at start', async () => {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-secrets-key-'));
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const start = (env: Record<string, string>) =>
    settleSecretsKey(testConfig({ DATA_DIR: dataDir, ...env }), database.db, logger);
  const keyFile = path.join(dataDir, 'secrets.key');
  const postgres = { DATABASE_URL: 'postgres://fleetclaims@db.example.com:5432/fleetclaims' };

  it('on the embedded database, makes DATA_DIR/secrets.key (mode 0600) on the first start and reuses it after', async () => {
    const first = await start({});
    expect(first.secretsKey).toHaveLength(32);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(`${first.secretsKey!.toString('hex')}\n`);
    expect(lines.join('')).toContain('made SECRETS_KEY in DATA_DIR');

    lines.length = 0;
    const second = await start({});
    expect(second.secretsKey).toEqual(first.secretsKey);
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(`${first.secretsKey!.toString('hex')}\n`);
    expect(lines).toEqual([]);
  });

  it('takes SECRETS_KEY from the environment over the file', async () => {
    const key = Buffer.alloc(32, 9);
    expect(fs.existsSync(keyFile)).toBe(true);
    expect((await start({ SECRETS_KEY: key.toString('base64') })).secretsKey).toEqual(key);
  });

  it('refuses a damaged key file rather than replacing it', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-secrets-key-bad-'));
    fs.writeFileSync(path.join(elsewhere, 'secrets.key'), 'not a key\n', { mode: 0o600 });
    await expect(settleSecretsKey(testConfig({ DATA_DIR: elsewhere }), database.db, logger)).rejects.toThrow(
      `Invalid key file: ${path.join(elsewhere, 'secrets.key')} must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)`,
    );
    expect(fs.readFileSync(path.join(elsewhere, 'secrets.key'), 'utf8')).toBe('not a key\n');
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });

  it('on PostgreSQL, makes no file and warns naming SECRETS_KEY, more loudly once a secret is stored', async () => {
    fs.rmSync(keyFile);
    lines.length = 0;
    const settled = await start(postgres);
    expect(settled.secretsKey).toBeUndefined();
    expect(fs.existsSync(keyFile)).toBe(false);
    expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'SECRETS_KEY is not set: no integration secret (the Tekmetric client secret) can be stored until it is. Set it to 32 random bytes (openssl rand -base64 32), the same in every process',
      }),
    ]);

    await database.db.insert(tekmetricConnection).values({
      baseUrl: 'https://sandbox.tekmetric.com',
      clientId: 'fleetclaims',
      // Sealed with a key this start does not have.
      clientSecretEncrypted: 'v1.aXY.dGFn.c2VjcmV0',
    });
    lines.length = 0;
    expect((await start(postgres)).secretsKey).toBeUndefined();
    expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'SECRETS_KEY is not set, and the Tekmetric client secret is stored encrypted with it: the Tekmetric sync cannot run until SECRETS_KEY is set (to the key the secret was stored with) in every process',
      }),
    ]);
  });
});
