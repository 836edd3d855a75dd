import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One write path for estimate versions (decision 015, "One writer"): no file of the server inserts, replaces or
 * deletes estimates or their lines except the writer, estimate-versions.ts, whatever the source (typed, CCC,
 * Tekmetric). The one other write allowed is a person's decision (estimates.service.ts), which changes an
 * estimate's status, never its lines. Tests and their factories (src/server/test) write fixtures directly.
 */

const serverRoot = path.join(import.meta.dirname, '../..');
const WRITER = 'modules/estimates/estimate-versions.ts';
const ALLOWED: Record<string, string[]> = {
  [WRITER]: ['insert estimates', 'insert estimateLines', 'update estimates', 'delete estimateLines'],
  'modules/estimates/estimates.service.ts': ['update estimates'],
};

/** Drizzle's `.insert(estimates)` (or `schema.estimateLines`), and SQL's `insert into ${estimates}` or `estimate_lines`. */
const WRITES = [
  /\.(insert|update|delete)\(\s*(?:[\w$]+\.)?(estimates|estimateLines)\s*\)/g,
  /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(?:[\w$]+\.)?(estimates|estimateLines)\s*\}|"?(estimates|estimate_lines)"?\b)/gi,
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every write of an estimate or its lines in the server's code, as "file: insert estimates". */
function estimateWrites(): string[] {
  const writes: string[] = [];
  for (const file of sourceFiles(serverRoot)) {
    const relative = path.relative(serverRoot, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const pattern of WRITES) {
      for (const match of text.matchAll(pattern)) {
        const verb = match[1]!.toLowerCase().split(/\s+/)[0]!;
        const table =
          match[2] ?? (match[3]!.toLowerCase() === 'estimate_lines' ? 'estimateLines' : 'estimates');
        writes.push(`${relative}: ${verb} ${table}`);
      }
    }
  }
  return [...new Set(writes)].sort();
}

describe('estimate writes', () => {
  const writes = estimateWrites();

  it('finds the writer’s own writes (the scan works)', () => {
    expect(writes.filter((write) => write.startsWith(`${WRITER}: `))).toEqual(
      ALLOWED[WRITER]!.map((write) => `${WRITER}: ${write}`).sort(),
    );
  });

  it('has no estimate or estimate-line write outside the one writer (and a decision’s status update)', () => {
    const outside = writes.filter((write) => {
      const [file, what] = write.split(': ') as [string, string];
      return !ALLOWED[file]?.includes(what);
    });
    expect(outside, 'write estimate versions through recordEstimateVersion / replaceEstimateVersion').toEqual(
      [],
    );
  });
});
