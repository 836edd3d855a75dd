import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live. The disk implementation keeps them under DATA_DIR/uploads; an object store
 * can replace it by implementing the same four calls.
 */
export interface FileStorage {
  /** Stores the bytes under `key`, replacing what was there; a reader never sees a partial file. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function createDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name and rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await fsp.writeFile(temporary, data);
        else await pipeline(data, fs.createWriteStream(temporary));
        await fsp.rename(temporary, file);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        await fsp.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
