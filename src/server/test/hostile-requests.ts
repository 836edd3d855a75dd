import fc from 'fast-check';
import { expect } from 'vitest';
import type { DeclaredRoute } from '../plugins/access.js';
import type { App } from '../app.js';

/**
 * The hostile-input property (plugins/hostile-input*.test.ts): requests built by fast-check from a route's
 * OpenAPI operation, with values that broke a route once or are likely to. None may answer a 5xx, and a JSON
 * 4xx carries a `message`.
 */
export interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Every byte of the UTF-8 form percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it). */
export const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

export const UUID = '00000000-0000-4000-8000-000000000000';

/** A fixed seed, so that a run is the same every time; `FC_SEED=<integer>` explores others. */
export const SEED = Number.isInteger(Number(process.env.FC_SEED)) ? Number(process.env.FC_SEED) : 20261126;

/** Values that broke a route once or are likely to: each is also tried alone in every field (the examples). */
export const HOSTILE_CONSTANTS = [
  '\u0000',
  'a\u0000b',
  '%00',
  "' OR 1=1 --",
  '\uD800',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  '99999999999999999999999',
  '2026-02-30',
  '0001-01-01',
  '9999-12-31',
  UUID,
  'x'.repeat(5000),
  '%',
  '\\',
];

const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_CONSTANTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 12 }).map((text) => `${text}\u0000${text}`),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 31), 1.5, 1e308),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 3 }),
  ),
})).value;

export function operationOf(openapi: OpenApi, route: DeclaredRoute): Operation | undefined {
  return openapi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
}

export async function openApiOf(app: App): Promise<OpenApi> {
  return (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
}

/** Routes that would end the session the rest of a run uses; the docs' own routes are a third-party plugin. */
const SESSION_ENDING = new Set(['/api/logout', '/api/return-to-admin', '/api/profile/password']);

export function fuzzableRoutes(app: App): DeclaredRoute[] {
  return app.apiRoutes.filter(
    (route) => !SESSION_ENDING.has(route.url) && !route.url.startsWith('/api/docs'),
  );
}

export interface InjectedAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json(): { message?: unknown };
}

/** Fails on a 5xx, and on a JSON 4xx without a string `message`. */
export function expectHandled(response: InjectedAnswer, what: string) {
  if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body} for ${what}`);
  if (response.statusCode >= 400 && String(response.headers['content-type'] ?? '').includes('json')) {
    expect(typeof response.json().message, what).toBe('string');
  }
}

type Request = { params: unknown[]; query: Record<string, unknown>; body: unknown };

/**
 * Runs the property on one route: with `examples`, every hostile constant alone in every query and body field
 * first, then `generated` requests fast-check builds.
 */
export async function fuzzRoute(
  app: App,
  operation: Operation,
  route: DeclaredRoute,
  cookie: string,
  { generated, examples: withExamples }: { generated: number; examples: boolean },
) {
  const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const bodyNames = Object.keys(
    operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
  );
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const request = fc.record({
    params: fc.tuple(...paramNames.map(() => fc.oneof(hostileText, fc.constant(UUID)))),
    query: fc.dictionary(fc.constantFrom(...queryNames, 'extra'), hostileText, { maxKeys: 4 }),
    body: fc.oneof(
      fc.dictionary(fc.constantFrom(...bodyNames, 'extra'), hostileValue, { maxKeys: 6 }),
      hostileValue,
    ),
  });
  const uuids = paramNames.map(() => UUID);
  const examples: [Request][] = withExamples
    ? HOSTILE_CONSTANTS.flatMap((value) => [
        ...queryNames.map((name): [Request] => [{ params: uuids, query: { [name]: value }, body: {} }]),
        ...bodyNames.map((name): [Request] => [{ params: uuids, query: {}, body: { [name]: value } }]),
      ])
    : [];
  await fc.assert(
    fc.asyncProperty(request, async ({ params, query, body }: Request) => {
      let url = route.url;
      paramNames.forEach((name, index) => {
        url = url.replace(`:${name}`, percentEncoded(String(params[index])));
      });
      const search = new URLSearchParams(query as Record<string, string>).toString();
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      const response = await app.inject({
        method: route.method as 'GET',
        url: search ? `${url}?${search}` : url,
        headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { payload: JSON.stringify(body) } : {}),
      });
      expectHandled(response, `${route.method} ${url}?${search} ${JSON.stringify(body)}`);
    }),
    // The examples count in numRuns: every one runs, then the generated requests.
    { numRuns: examples.length + generated, seed: SEED, examples },
  );
}
