import fsp from 'node:fs/promises';
import path from 'node:path';

export interface ReceivedUpload {
  /** A temporary file holding the bytes; the caller removes it. */
  path: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  /** The form's text fields. */
  fields: Record<string, string>;
}

/**
 * Removes temporary upload files older than `maxAgeMs`: a request always removes its own, so these are left
 * by a process that stopped in the middle of one.
 */
export async function removeStaleUploads(tempDir: string, maxAgeMs = 60 * 60 * 1000): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(tempDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(tempDir, name);
    const stats = await fsp.stat(file).catch(() => null);
    if (stats?.isFile() && Date.now() - stats.mtimeMs > maxAgeMs) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
