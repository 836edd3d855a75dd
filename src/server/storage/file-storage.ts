import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The disk implementation keeps them under DATA_DIR/uploads; an object store
 * can replace it by implementing the same four calls.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
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
      const temporary = `${file}.${process.pid}.tmp`;
      await fsp.writeFile(temporary, data);
      await fsp.rename(temporary, file);
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
