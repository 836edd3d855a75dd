import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One write path for a claim's status (issue 27, STYLE.md "One path per fact"): `claims.status` is set, and a
 * `claim_status_history` row inserted, only by `moveClaim` in claim-workflow.service.ts — whoever moves the
 * claim (a person, the board, an authorization, an undo, a job, Tekmetric, CCC). Read from the syntax of every
 * server file, not from its text's layout: a Drizzle `.update(claims).set({ status })`, an
 * `.insert(claimStatusHistory)`, or SQL text that updates `claims` setting `status` or inserts into
 * `claim_status_history`. A new claim's first history entry (`fromStatus: null`, in `createClaim`) is no move.
 * Tests and their factories (`src/server/test/`) write rows as they need.
 */

const SERVER = path.resolve(import.meta.dirname, '../..');
const MOVE_SERVICE = 'modules/claims/claim-workflow.service.ts';
const STATUS_COLUMNS = new Set(['status', 'statusBeforeHold', 'status_before_hold']);
/** `update claims`, `update "public"."claims"` or `update ${claims}` … `set` … `status =`, `"status" =` or `${claims.status} =`. */
const SQL_STATUS_UPDATE =
  /\bupdate\s+(?:(?:"?public"?\.)?"?claims"?|\$\{\s*(?:\w+\.)?claims\s*\})\s[\s\S]*?\bset\b[\s\S]*?(?:"?\bstatus(?:_before_hold)?"?|\$\{\s*(?:\w+\.)?claims\.status(?:BeforeHold)?\s*\})\s*=/i;
const SQL_HISTORY_INSERT =
  /\binsert\s+into\s+(?:(?:"?public"?\.)?"?claim_status_history"?|\$\{\s*(?:\w+\.)?claimStatusHistory\s*\})/i;
/** Files that can hold none of these are not parsed (parsing every server file takes seconds). */
const MAY_WRITE =
  /claimStatusHistory|claim_status_history|update\s*\(\s*claims\s*\)|update\s+(?:"?public"?\.)?"?claims\b|update\s+\$\{/i;

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === SERVER ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const propertyNames = (node: ts.Node | undefined) =>
  node && ts.isObjectLiteralExpression(node)
    ? node.properties.flatMap((property) =>
        property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? [{ name: property.name.text, property }]
          : [],
      )
    : [];

/** The names of the properties set anywhere in an expression (`{ ...(moves ? { status } : {}) }` included). */
function namesSetIn(node: ts.Node | undefined): string[] {
  if (!node) return [];
  const here = ts.isObjectLiteralExpression(node) ? propertyNames(node).map(({ name }) => name) : [];
  const below: string[] = [];
  ts.forEachChild(node, (child) => void below.push(...namesSetIn(child)));
  return [...here, ...below];
}

/** `<something>.method(<identifier>)`, answering the identifier's name. */
function calledWith(node: ts.Node, method: string): string | null {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return null;
  if (node.expression.name.text !== method) return null;
  const [argument] = node.arguments;
  return argument && ts.isIdentifier(argument) ? argument.text : null;
}

/** The status writes of one file's source, each as `line: what`. */
export function statusWrites(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    // .update(claims).set({ status: … }) and .insert(claimStatusHistory).values({ … })
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const target = node.expression.expression;
      const method = node.expression.name.text;
      if (method === 'set' && calledWith(target, 'update') === 'claims') {
        const column = namesSetIn(node.arguments[0]).find((name) => STATUS_COLUMNS.has(name));
        if (column) at(node, `claims.${column} set outside moveClaim`);
      }
      if (method === 'values' && calledWith(target, 'insert') === 'claimStatusHistory') {
        const first = propertyNames(node.arguments[0]).find(
          ({ name, property }) =>
            name === 'fromStatus' &&
            ts.isPropertyAssignment(property) &&
            property.initializer.kind === ts.SyntaxKind.NullKeyword,
        );
        if (!first) at(node, 'claim_status_history inserted outside moveClaim');
      }
    }
    if (
      ts.isTemplateExpression(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isStringLiteral(node)
    ) {
      const text = node.getText(file);
      if (SQL_STATUS_UPDATE.test(text)) at(node, 'SQL updating claims.status outside moveClaim');
      if (SQL_HISTORY_INSERT.test(text))
        at(node, 'SQL inserting into claim_status_history outside moveClaim');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('one write path for a claim status', () => {
  it('finds the writes it looks for (so that an empty answer means something)', () => {
    const source = `
      await tx.update(claims).set({ ...amounts, status: target }).where(eq(claims.id, id));
      await tx.update(claims).set({ tags: [], ...(moves ? { status: to } : {}) }).where(eq(claims.id, id));
      await tx.insert(claimStatusHistory).values({ claimId, fromStatus: 'reported', toStatus: 'closed' });
      await tx.insert(claimStatusHistory).values({ claimId, fromStatus: null, toStatus: 'reported' });
      await db.execute(sql\`UPDATE claims SET tags = '{}', status = \${to} WHERE id = \${id}\`);
      await db.execute(sql\`insert into claim_status_history (claim_id) values (\${id})\`);
      await db.update(claims).set({ statusBeforeHold: null });
      await db.execute(sql\`update \${claims} set \${claims.status} = \${to} where id = \${id}\`);
      await db.execute(sql\`update "public"."claims" set "status" = 'closed'\`);
      await db.execute(sql\`insert into \${claimStatusHistory} (claim_id) values (\${id})\`);
    `;
    expect(statusWrites('example.ts', source)).toEqual([
      '2: claims.status set outside moveClaim',
      '3: claims.status set outside moveClaim',
      '4: claim_status_history inserted outside moveClaim',
      '6: SQL updating claims.status outside moveClaim',
      '7: SQL inserting into claim_status_history outside moveClaim',
      '8: claims.statusBeforeHold set outside moveClaim',
      '9: SQL updating claims.status outside moveClaim',
      '10: SQL updating claims.status outside moveClaim',
      '11: SQL inserting into claim_status_history outside moveClaim',
    ]);
  });

  it('no server file but claim-workflow.service.ts writes a claim status or its history', () => {
    const files = serverFiles(SERVER);
    expect(files).toContain(path.join(SERVER, MOVE_SERVICE));
    const writes = files
      .filter((file) => path.relative(SERVER, file) !== MOVE_SERVICE)
      .flatMap((file) => {
        const source = readFileSync(file, 'utf8');
        if (!MAY_WRITE.test(source)) return [];
        return statusWrites(file, source).map((write) => `${path.relative(SERVER, file)}:${write}`);
      });
    expect(writes).toEqual([]);
    // …and the move service does, once each.
    expect(statusWrites(MOVE_SERVICE, readFileSync(path.join(SERVER, MOVE_SERVICE), 'utf8'))).toEqual([
      expect.stringMatching(/^\d+: claims.status set outside moveClaim$/),
      expect.stringMatching(/^\d+: claim_status_history inserted outside moveClaim$/),
    ]);
  }, 30_000);
});
