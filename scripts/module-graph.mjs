// The import graph of our TypeScript sources, for scripts/module-doors.mjs: which file names which, the
// module a file belongs to, and the circles among modules. Pure reading, no writes.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const MODULES = path.join(ROOT, 'src/server/modules');

export const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');
export const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The module a file belongs to, or null outside src/server/modules/<m>/. */
export function moduleOf(file) {
  const parts = path.relative(MODULES, file).split(path.sep);
  return parts.length >= 2 && parts[0] !== '..' ? parts[0] : null;
}
export const doorOf = (m) => path.join(MODULES, m, 'index.ts');

export function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The .ts file a relative specifier names, or null when it is not a relative import of our code. */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|mjs|ts)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return `${stem}.ts`; // a file that no longer exists (a moved piece): still answered, MOVED may know it
}

export function specifierTo(fromFile, targetFile) {
  const spec = path
    .relative(path.dirname(fromFile), targetFile.replace(/\.tsx?$/, '.js'))
    .split(path.sep)
    .join('/');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

/** Every place a file names another file: imports, re-exports, `import()`, `typeof import()`. */
export function referencesOf(sourceFile) {
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ node, specifier: node.moduleSpecifier.text });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ node, specifier: node.arguments[0].text, dynamic: true });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ node, specifier: node.argument.literal.text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The named elements of an import or re-export, or null when it has none we can move name by name. */
export function namedElements(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings))
      return null;
    return { keyword: 'import', typeOnly: clause.isTypeOnly, elements: [...clause.namedBindings.elements] };
  }
  if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
    return { keyword: 'export', typeOnly: node.isTypeOnly, elements: [...node.exportClause.elements] };
  }
  return null;
}

/** Module circles among the edges (Tarjan's strongly connected components of more than one module). */
export function circlesOf(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) connect(v);
  return circles;
}

/** For each needed door name, whether its home exports a value (else only a type, re-exported with `export type`). */
export function valueExports(needs) {
  const homes = [
    ...new Set([...needs.values()].flatMap((byName) => [...byName.values()].map((n) => n.home))),
  ];
  if (homes.length === 0) return () => true;
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const program = ts.createProgram({ rootNames: homes, options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const exportsOf = new Map();
  for (const home of homes) {
    const sourceFile = program.getSourceFile(home);
    const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    const byName = new Map();
    for (let symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const name = symbol.name;
      if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      byName.set(name, (symbol.flags & ts.SymbolFlags.Value) !== 0);
    }
    exportsOf.set(home, byName);
  }
  return (home, name) => exportsOf.get(home)?.get(name);
}
