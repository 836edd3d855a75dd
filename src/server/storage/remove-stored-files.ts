import type { Log } from '../logger.js';
import type { FileStorage } from './file-storage.js';

/**
 * Removes stored files after their rows are gone. A failure is logged, not raised: the row (and so every
 * way to reach the file) is already deleted, and the user's action succeeded.
 */
export async function removeStoredFiles(
  storage: FileStorage,
  keys: (string | null)[],
  log: Log,
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove a stored file');
    }
  }
}
