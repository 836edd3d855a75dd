import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The doors of the server modules, read from the syntax of every file that may import one (docs/architecture.md,
// "Module doors"): src/server (the modules, app.ts, jobs, plugins, db, test), scripts, bench and e2e. Each
// place a file names another — an import, a re-export, `import()`, `typeof import()`, `import x = require()`,
// `require()` — is resolved to the file it names, however the path is spelled, so this check holds where lint's
// `no-restricted-imports` does not look (it reads neither `import()` nor `typeof import()`). Tests are left out
// of the module graph: nothing imports them, so they cannot close a circle.
const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULES = path.join(ROOT, 'src/server/modules');
const SCANNED = ['src/server', 'scripts', 'bench', 'e2e'];

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return /\.(ts|tsx|mts|mjs|js|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The module a file or import target lies in (`null` outside src/server/modules/<m>/), and the rest of its path. */
function placeIn(target: string): { module: string | null; rest: string } {
  const parts = path.relative(MODULES, target).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0]!) || parts[0] === '') return { module: null, rest: '' };
  return { module: parts[0]!, rest: parts.slice(1).join('/') };
}

interface Reference {
  file: string;
  line: number;
  kind: 'static' | 'dynamic' | 'type';
  specifier: string | null;
}

/** Every place a file names another, with its line; `specifier: null` for an `import()` of a computed path. */
function referencesIn(fileName: string, source: string): Reference[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: Reference[] = [];
  const add = (node: ts.Node, kind: Reference['kind'], specifier: string | null) =>
    found.push({
      file: fileName,
      line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      kind,
      specifier,
    });
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node, 'static', node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      add(node, 'static', node.moduleReference.expression.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const [argument] = node.arguments;
      add(node, 'dynamic', argument && ts.isStringLiteralLike(argument) ? argument.text : null);
    } else if (ts.isImportTypeNode(node)) {
      const { argument } = node;
      const literal = ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal);
      add(node, 'type', literal ? (argument.literal as ts.StringLiteral).text : null);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

interface Crossing {
  file: string;
  line: number;
  kind: Reference['kind'];
  from: string | null;
  to: string;
  door: boolean;
  test: boolean;
}

/**
 * Where a file reaches into a module other than its own: each reference resolved to the file it names. The door
 * is the module's index (any extension, or the folder itself); a computed `import()` is answered as `to: '?'`,
 * never a door, since no one can tell what it opens.
 */
export function crossingsOf(fileName: string, source: string): Crossing[] {
  const from = placeIn(fileName).module;
  const test = /\.test\.tsx?$/.test(fileName);
  return referencesIn(fileName, source).flatMap(({ line, kind, specifier }) => {
    const where = { file: path.relative(ROOT, fileName), line, kind, from, test };
    if (specifier === null) return [{ ...where, to: '?', door: false }];
    if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) return [];
    const { module: to, rest } = placeIn(path.resolve(path.dirname(fileName), specifier));
    if (to === null || to === from) return [];
    return [{ ...where, to, door: rest === '' || /^index(\.(js|ts|mts|mjs))?$/.test(rest) }];
  });
}

function allCrossings() {
  return SCANNED.flatMap((dir) => filesUnder(path.join(ROOT, dir))).flatMap((file) =>
    crossingsOf(file, fs.readFileSync(file, 'utf8')),
  );
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

const bypasses = (crossings: Crossing[]) =>
  crossings.filter((c) => !c.door).map((c) => `${c.file}:${c.line} ${c.kind} → ${c.to}`);

describe('server module boundaries', () => {
  const crossings = allCrossings();

  it('finds every way of naming another module, however spelled (so that an empty answer means something)', () => {
    const source = `
      import { claimQueries } from '../modules/claims/claim-queries.js';
      export { listUsers } from '../modules/users/users.service.js';
      const { moveClaim } = await import('../modules/claims/claim-workflow.service.js');
      type Row = typeof import('../modules/claims/claim-queries.js');
      type Total = import('../modules/accounting/invoice-totals.js').Total;
      import mail = require('../modules/mail/mailer.js');
      const audit = require('./../modules/audit/./audit.service.js');
      const scoped = await import(\`../../server/modules/companies/../settings/settings.service.js\`);
      const deep = await import('../../../src/server/modules/ccc/parse/bms.js');
      const computed = await import(\`../modules/\${name}/service.js\`);
      import { moveClaim as door } from '../modules/claims/index.js';
      import type { Actor } from '../modules/auth/index.ts';
      const folder = await import('../modules/users');
      import { db } from '../db/client.js';
      import ts from 'typescript';
    `;
    expect(bypasses(crossingsOf(path.join(ROOT, 'src/server/jobs/sample.ts'), source))).toEqual([
      'src/server/jobs/sample.ts:2 static → claims',
      'src/server/jobs/sample.ts:3 static → users',
      'src/server/jobs/sample.ts:4 dynamic → claims',
      'src/server/jobs/sample.ts:5 type → claims',
      'src/server/jobs/sample.ts:6 type → accounting',
      'src/server/jobs/sample.ts:7 static → mail',
      'src/server/jobs/sample.ts:8 dynamic → audit',
      'src/server/jobs/sample.ts:9 dynamic → settings',
      'src/server/jobs/sample.ts:10 dynamic → ccc',
      'src/server/jobs/sample.ts:11 dynamic → ?',
    ]);
    // From inside a module, at any depth, its own files are its own.
    const inside = `
      import { moveClaim } from '../../../claims/claim-workflow.service.js';
      import { claimQueries } from '../../../../modules/claims/claim-queries.js';
      import { rows } from '../bms-rows.js';
      import { parse } from '../../../ccc/parse/bms.js';
      type Board = typeof import('../../../../modules/claim-board/board.service.js');
    `;
    expect(bypasses(crossingsOf(path.join(MODULES, 'ccc/parse/deep/sample.ts'), inside))).toEqual([
      'src/server/modules/ccc/parse/deep/sample.ts:2 static → claims',
      'src/server/modules/ccc/parse/deep/sample.ts:3 static → claims',
      'src/server/modules/ccc/parse/deep/sample.ts:6 type → claim-board',
    ]);
  });

  it('reads the imports of the modules and of what lies outside them', () => {
    expect(crossings.length).toBeGreaterThan(100);
    const seen = (file: string, to: string) =>
      expect(crossings).toContainEqual(expect.objectContaining({ file, to, door: true }));
    seen('src/server/modules/attachments/attachments.service.ts', 'claims');
    seen('src/server/app.ts', 'claims');
    seen('src/server/jobs/mail-outbox.ts', 'mail');
    seen('scripts/seed-demo.ts', 'claims');
    seen('bench/ccc-import.ts', 'ccc');
  });

  it('every file imports another module only through its door, dynamic imports and typeof import() included', () => {
    expect(bypasses(crossings)).toEqual([]);
  });

  it('has no module circle', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of crossings.filter((c) => !c.test && c.from !== null)) {
      edges.set(from!, (edges.get(from!) ?? new Set()).add(to));
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

// The job runner (src/server/jobs/runner/) is a door too: its run log and saved state, `job_runs` and
// `job_states`, are read and written only by its own files; others call `listRuns`, `jobInProgress`, `enqueueJob`.
const RUNNER_TABLES = new Set(['jobRuns', 'jobStates']);
const RUNNER_SQL = /\bjob_(runs|states)\b/;

/** A file's uses of the runner's tables: an import of `jobRuns` / `jobStates`, or SQL text naming them. */
export function runnerTableUses(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isImportSpecifier(node) && RUNNER_TABLES.has((node.propertyName ?? node.name).text)) {
      at(node, (node.propertyName ?? node.name).text);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const text = node.getText(file);
      if (RUNNER_SQL.test(text)) at(node, text.match(RUNNER_SQL)![0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the job runner's tables", () => {
  it('finds an import of them or SQL naming them (so that an empty answer means something)', () => {
    const source = `
      import { claims, jobRuns } from '../../db/schema/index.js';
      import { jobStates as states } from '../../db/schema/jobs.js';
      await db.execute(sql\`select status from job_runs where job = \${job}\`);
      const note = 'the job_states row';
      import { listRuns } from '../../jobs/runner/index.js';
    `;
    expect(runnerTableUses('sample.ts', source)).toEqual([
      '2: jobRuns',
      '3: jobStates',
      '4: job_runs',
      '5: job_states',
    ]);
  });

  it('no file outside the runner (tests aside) reads or writes them', () => {
    const runner = path.join(ROOT, 'src/server/jobs/runner') + path.sep;
    const schema = path.join(ROOT, 'src/server/db') + path.sep;
    const uses = SCANNED.flatMap((dir) => filesUnder(path.join(ROOT, dir)))
      .filter((file) => !file.startsWith(runner) && !file.startsWith(schema) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => {
        const source = fs.readFileSync(file, 'utf8');
        if (!/jobRuns|jobStates|job_runs|job_states/.test(source)) return []; // parsing every file takes a second
        return runnerTableUses(file, source).map((use) => `${path.relative(ROOT, file)}:${use}`);
      });
    expect(uses).toEqual([]);
  });
});
