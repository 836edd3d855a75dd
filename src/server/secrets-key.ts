import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, SECRETS_KEY_FORMAT, secretsKeyBytes, type Config } from './config.js';
import type { Database } from './db/client.js';
import { storesTekmetricSecret } from './modules/tekmetric/index.js';

/**
 * The key that encrypts stored integration secrets, settled at start (decision 041):
 * - `SECRETS_KEY` in the environment always wins;
 * - on the embedded database (no `DATABASE_URL`, one process), the key in `DATA_DIR/secrets.key`, made on the first
 *   start (32 random bytes as hex, mode 0600) and read on every later one, so the integration works out of the box;
 * - on PostgreSQL (any number of processes, each with its own environment) there is no file to fall back on: without
 *   the variable the start logs a warning naming it, and nothing stored can be read, but the app starts.
 */

export const SECRETS_KEY_FILE = 'secrets.key';

export async function settleSecretsKey(
  config: Config,
  db: Database,
  logger: FastifyBaseLogger,
): Promise<Config> {
  if (config.secretsKey) return config;
  if (!config.databaseUrl) return { ...config, secretsKey: keyFromDataDir(config.dataDir, logger) };
  if (await storesTekmetricSecret(db)) {
    logger.warn(
      'SECRETS_KEY is not set, and the Tekmetric client secret is stored encrypted with it: the Tekmetric sync cannot run until SECRETS_KEY is set (to the key the secret was stored with) in every process',
    );
  } else {
    logger.warn(
      'SECRETS_KEY is not set: no integration secret (the Tekmetric client secret) can be stored until it is. Set it to 32 random bytes (openssl rand -base64 32), the same in every process',
    );
  }
  return config;
}

/** Reads `DATA_DIR/secrets.key`, or makes it: written whole under another name, then linked (never overwritten). */
function keyFromDataDir(dataDir: string, logger: FastifyBaseLogger): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    fs.chmodSync(draft, 0o600);
    try {
      fs.linkSync(draft, file);
      logger.info(
        { file },
        'made SECRETS_KEY in DATA_DIR: it encrypts stored integration secrets, keep it with the data',
      );
    } catch (error) {
      // Another start made it first: its key is the one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  const key = secretsKeyBytes(fs.readFileSync(file, 'utf8'));
  // Never replaced: secrets stored with it would be lost.
  if (!key) throw new ConfigError(`Invalid key file: ${file} ${SECRETS_KEY_FORMAT}`);
  if ((fs.statSync(file).mode & 0o077) !== 0)
    logger.warn({ file }, 'the SECRETS_KEY file can be read by other users: chmod 600 it');
  return key;
}
