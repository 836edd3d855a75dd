import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The module graph, read from the import statements of src/server/modules/*/**.ts (docs/architecture.md,
// "Module doors"). Tests are left out of the graph: nothing imports them, so they cannot close a circle.
const MODULES = path.join(import.meta.dirname, 'modules');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every import of another module by a module's file: static, re-export or `import()`. */
function crossModuleImports() {
  const found: { file: string; from: string; to: string; door: boolean; test: boolean }[] = [];
  for (const module of fs.readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const file of filesUnder(path.join(MODULES, module.name))) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), fileName);
        const relative = path.relative(MODULES, target);
        if (relative.startsWith('..')) continue;
        const to = relative.split(path.sep)[0]!;
        if (to === module.name) continue;
        found.push({
          file: path.relative(MODULES, file),
          from: module.name,
          to,
          door: target === path.join(MODULES, to, 'index.js'),
          test: file.endsWith('.test.ts'),
        });
      }
    }
  }
  return found;
}

/** Module circles: each strongly connected group of more than one module (Tarjan). */
function circles(edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group = stack.splice(stack.indexOf(v));
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) connect(v);
  return found;
}

describe('server module boundaries', () => {
  const imports = crossModuleImports();

  it('reads the imports (the check would pass vacuously on an empty graph)', () => {
    expect(imports.length).toBeGreaterThan(50);
    expect(imports).toContainEqual(
      expect.objectContaining({ from: 'attachments', to: 'claims', door: true }),
    );
  });

  it('a module imports another only through its door, index.ts, dynamic imports included', () => {
    expect(imports.filter((i) => !i.door).map((i) => `${i.file} → ${i.to}`)).toEqual([]);
  });

  it('has no module circle', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of imports.filter((i) => !i.test)) {
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    expect(circles(edges)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const edges = new Map([
      ['claims', new Set(['companies'])],
      ['companies', new Set(['audit', 'claims'])],
      ['audit', new Set<string>()],
    ]);
    expect(circles(edges)).toEqual([['claims', 'companies']]);
  });
});
