// `node scripts/module-doors.mjs`: every import of another server module's internal file (from a module, or
// from app.ts, jobs, plugins, tests, scripts, bench) is rewritten to go through that module's door,
// `src/server/modules/<m>/index.ts`, and the door re-exports exactly the names used outside its module.
// Imports of a piece moved to break a module circle (MOVED below) are pointed at its new home first.
// Idempotent: a second run changes nothing. Touched files are formatted with Prettier.
//
//   node scripts/module-doors.mjs           rewrite imports and doors
//   node scripts/module-doors.mjs --check   change nothing; list internal imports and module circles, exit 1 if any
//
// What it cannot rewrite (a namespace, default or side-effect import of an internal file, `export *`, a dynamic
// import, `typeof import(…)`, two files of a module exporting the same name) it lists for a hand fix.
// See docs/architecture.md, "Module doors".
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import {
  MODULES,
  ROOT,
  rel,
  isTest,
  moduleOf,
  doorOf,
  sourceFiles,
  resolveSpecifier,
  specifierTo,
  referencesOf,
  namedElements,
  circlesOf,
  valueExports,
} from './module-graph.mjs';

/** Where code that may import a server module lives (the browser never does: lint refuses it). */
const SCANNED = ['src/server', 'scripts', 'bench', 'e2e'];

/**
 * Pieces moved out of a module to break a module circle, by old file (relative to src/server/modules) and
 * name ('*': the whole file), with their new home (relative to the repository). An import of the old place
 * written on another branch still finds the piece.
 */
const MOVED = {
  'companies/company-scope.ts': { '*': 'src/server/company-scope.ts' },
  'companies/companies.service.ts': { likePattern: 'src/server/db/like-pattern.ts' },
  'attachments/attachment-files.ts': {
    removeStoredFiles: 'src/server/storage/remove-stored-files.ts',
    deleteClaimAttachmentRows: 'src/server/modules/claims/claim-files.ts',
  },
  'users/users.presenter.ts': { presentCurrentUser: 'src/server/modules/auth/current-user.presenter.ts' },
  'users/users.policy.ts': { passwordChangeRefusal: 'src/server/modules/auth/auth.policy.ts' },
  'users/user-companies.service.ts': {
    listAccessibleCompanies: 'src/server/modules/auth/accessible-companies.ts',
  },
};

const DOOR_HEADER = (m) =>
  `// The door of the ${m} module: what other modules and the app may use; every other file here is its own.\n` +
  `// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").\n`;

/** Where the name `name` of `targetFile` lives now (MOVED), as an absolute file. */
function homeOf(targetFile, name) {
  const moved = MOVED[path.relative(MODULES, targetFile).split(path.sep).join('/')];
  const home = moved?.[name] ?? moved?.['*'];
  return home ? path.join(ROOT, home) : targetFile;
}

function analyse() {
  const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const parsed = new Map();
  const crossings = []; // imports of another module's internal file, or of a moved piece's old home
  const problems = [];
  const doorUses = new Map(); // module → Set of names imported through its door, or '*' when unknowable
  const edges = new Map(); // module → Set of modules its non-test files import
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    parsed.set(file, { text, sourceFile });
    const from = moduleOf(file);
    for (const reference of referencesOf(sourceFile)) {
      const target = resolveSpecifier(file, reference.specifier);
      if (!target) continue;
      const movedHere = MOVED[path.relative(MODULES, target).split(path.sep).join('/')];
      const to = moduleOf(target);
      if (to && from && to !== from && !isTest(file)) {
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from).add(to);
      }
      const named = reference.dynamic ? null : namedElements(reference.node);
      const moves =
        movedHere &&
        (movedHere['*'] || named?.elements.some((e) => movedHere[(e.propertyName ?? e.name).text]));
      if (!moves && (!to || to === from)) continue;
      if (!moves && target === doorOf(to)) {
        const uses = doorUses.get(to) ?? new Set();
        doorUses.set(to, uses);
        if (reference.dynamic || !named) uses.add('*');
        else for (const element of named.elements) uses.add((element.propertyName ?? element.name).text);
        continue;
      }
      const where = `${rel(file)}:${sourceFile.getLineAndCharacterOfPosition(reference.node.getStart()).line + 1}`;
      if (!named) {
        problems.push(
          `${where}: '${reference.specifier}' is not a named import: point it at the door by hand`,
        );
        continue;
      }
      crossings.push({ file, where, node: reference.node, target, named, specifier: reference.specifier });
    }
  }
  return { files, parsed, crossings, problems, doorUses, edges };
}

/** The entries of an existing door: name → { file: './x.js', typeOnly }, and the statements it keeps as written. */
function readDoor(m) {
  const door = doorOf(m);
  const entries = new Map();
  const kept = [];
  if (!fs.existsSync(door)) return { entries, kept };
  const text = fs.readFileSync(door, 'utf8');
  const sourceFile = ts.createSourceFile(door, text, ts.ScriptTarget.Latest, true);
  for (const statement of sourceFile.statements) {
    const named = ts.isExportDeclaration(statement) ? namedElements(statement) : null;
    const specifier = statement.moduleSpecifier?.text;
    if (named && specifier?.startsWith('./') && named.elements.every((e) => !e.propertyName)) {
      for (const element of named.elements) {
        entries.set(element.name.text, { file: specifier, typeOnly: named.typeOnly || element.isTypeOnly });
      }
    } else kept.push(statement.getText(sourceFile));
  }
  return { entries, kept };
}

function writeDoorText(m, entries, kept) {
  const byFile = new Map();
  for (const [name, { file, typeOnly }] of entries) {
    const group = byFile.get(file) ?? { values: [], types: [] };
    byFile.set(file, group);
    (typeOnly ? group.types : group.values).push(name);
  }
  const lines = [];
  const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  for (const file of [...byFile.keys()].sort(byName)) {
    const { values, types } = byFile.get(file);
    if (values.length) lines.push(`export { ${values.sort(byName).join(', ')} } from '${file}';`);
    if (types.length) lines.push(`export type { ${types.sort(byName).join(', ')} } from '${file}';`);
  }
  return `${DOOR_HEADER(m)}${[...lines, ...kept].join('\n')}\n`;
}

async function format(file, text) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

async function main() {
  const check = process.argv.includes('--check');
  const { crossings, problems, doorUses, edges, parsed } = analyse();
  const circles = circlesOf(edges);

  if (check) {
    for (const c of crossings) console.log(`${c.where}: ${c.specifier}`);
    for (const p of problems) console.log(p);
    for (const circle of circles) console.log(`module circle: ${circle.join(' ↔ ')}`);
    console.log(
      `${crossings.length + problems.length} import(s) of another module's internals, ${circles.length} module circle(s)`,
    );
    process.exitCode = crossings.length + problems.length + circles.length ? 1 : 0;
    return;
  }

  // 1. Decide each crossing element's new specifier, and what each door must export.
  const needs = new Map(); // module → name → { home, file }
  const edits = new Map(); // file → [{ node, replacement lines }]
  for (const crossing of crossings) {
    const from = moduleOf(crossing.file);
    const groups = new Map(); // new specifier → element texts
    for (const element of crossing.named.elements) {
      const name = (element.propertyName ?? element.name).text;
      const home = homeOf(crossing.target, name);
      const homeModule = moduleOf(home);
      let specifier;
      if (homeModule && homeModule !== from && home !== doorOf(homeModule)) {
        specifier = specifierTo(crossing.file, doorOf(homeModule));
        if (!needs.has(homeModule)) needs.set(homeModule, new Map());
        const known = needs.get(homeModule).get(name);
        if (known && known.home !== home) {
          problems.push(
            `${crossing.where}: ${homeModule} has two files exporting ${name}: rename one by hand`,
          );
        }
        needs.get(homeModule).set(name, { home, file: specifierTo(doorOf(homeModule), home) });
        const uses = doorUses.get(homeModule) ?? new Set();
        doorUses.set(homeModule, uses.add(name));
      } else specifier = specifierTo(crossing.file, home);
      if (!groups.has(specifier)) groups.set(specifier, []);
      groups.get(specifier).push(element.getText());
    }
    if (!edits.has(crossing.file)) edits.set(crossing.file, []);
    edits.get(crossing.file).push({ node: crossing.node, named: crossing.named, groups });
  }

  // 2. Rewrite the importing files: one statement per door and kind (value or type), merged with any there.
  const touched = new Map();
  for (const [file, fileEdits] of edits) {
    const { text, sourceFile } = parsed.get(file);
    const statements = new Map(); // key → { node, keyword, typeOnly, specifier, elements }
    const replaced = new Map(); // node → statements written in its place
    const keyOf = (keyword, typeOnly, specifier) => `${keyword}|${typeOnly}|${specifier}`;
    for (const { node, named, groups } of fileEdits) {
      replaced.set(node, []);
      for (const [specifier, elements] of groups) {
        const key = keyOf(named.keyword, named.typeOnly, specifier);
        if (!statements.has(key)) {
          const statement = { keyword: named.keyword, typeOnly: named.typeOnly, specifier, elements: [] };
          statements.set(key, statement);
          replaced.get(node).push(statement);
        }
        statements.get(key).elements.push(...elements);
      }
    }
    // An untouched import of the same door and kind takes the moved names in.
    for (const statement of sourceFile.statements) {
      const named = namedElements(statement);
      if (!named || replaced.has(statement) || !statement.moduleSpecifier) continue;
      const key = keyOf(named.keyword, named.typeOnly, statement.moduleSpecifier.text);
      const merged = statements.get(key);
      if (!merged || merged.into) continue;
      for (const list of replaced.values()) {
        const at = list.indexOf(merged);
        if (at >= 0) list.splice(at, 1);
      }
      merged.into = statement;
      merged.elements.unshift(...named.elements.map((e) => e.getText()));
      replaced.set(statement, [merged]);
    }
    const render = (s) => {
      const elements = [...new Set(s.elements)];
      return `${s.keyword} ${s.typeOnly ? 'type ' : ''}{ ${elements.join(', ')} } from '${s.specifier}';`;
    };
    let output = '';
    let position = 0;
    const nodes = [...replaced.keys()].sort((a, b) => a.getStart() - b.getStart());
    for (const node of nodes) {
      output += text.slice(position, node.getStart());
      const lines = replaced.get(node).map(render);
      output += lines.join('\n');
      position = node.end;
      if (lines.length === 0 && text[position] === '\n') {
        position += 1;
        output = output.replace(/[ \t]*$/, '');
      }
    }
    output += text.slice(position);
    touched.set(file, output);
  }

  // 3. Doors: the names used outside each module, with `export type` for what is only a type.
  const isValue = valueExports(needs);
  for (const m of new Set([...needs.keys(), ...doorUses.keys()])) {
    const { entries, kept } = readDoor(m);
    for (const [name, { home, file }] of needs.get(m) ?? []) {
      const value = isValue(home, name);
      if (value === undefined)
        problems.push(`${rel(home)} does not export ${name}: fix its importers by hand`);
      else if (!entries.has(name)) entries.set(name, { file, typeOnly: !value });
    }
    const uses = doorUses.get(m) ?? new Set();
    if (!uses.has('*')) for (const name of entries.keys()) if (!uses.has(name)) entries.delete(name);
    touched.set(doorOf(m), writeDoorText(m, entries, kept));
  }

  let written = 0;
  for (const [file, text] of touched) {
    const formatted = await format(file, text);
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (formatted === before) continue;
    fs.writeFileSync(file, formatted);
    written += 1;
    console.log(`wrote ${rel(file)}`);
  }
  for (const p of problems) console.error(`by hand: ${p}`);
  const circlesLeft = written ? circlesOf(analyse().edges) : circles; // as the files are now
  for (const circle of circlesLeft) {
    console.error(`module circle: ${circle.join(' ↔ ')} (move the shared piece to its owner or lower)`);
  }
  console.log(`${crossings.length} import(s) rewritten through a door, ${written} file(s) written`);
  if (problems.length || circlesLeft.length) process.exitCode = 1;
}

await main();
