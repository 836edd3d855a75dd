import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A fake Tekmetric API on 127.0.0.1 (port 0) serving the fixtures of `fixtures/tekmetric/` (copied from
 * ../shared/fixtures/tekmetric, see its README): OAuth client credentials, the bearer token enforced (401 with
 * an empty body), shop scope (403 insufficient_scope), repair orders paged by `size` and filtered by
 * `updatedDateStart`, vehicles by id, and 429 / 500 answers on demand. Used by the integration tests and the
 * Playwright spec.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'tekmetric');
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));

interface RepairOrderFixture {
  id: number;
  shopId: number;
  vehicleId: number;
  updatedDate: string;
  [field: string]: unknown;
}

export interface PlannedFailure {
  status: 429 | 500 | 502 | 503;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Only requests whose path starts with this (e.g. `/api/v1/repair-orders`). */
  path?: string;
  /** Only requests for this shop (`shop=`). */
  shop?: string;
}

export interface FakeTekmetric {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request after the token one, as `METHOD path?query`. */
  requests: string[];
  tokenRequests: number;
  /** The next matching requests answer these, one each, in order. */
  fail(...failures: PlannedFailure[]): void;
  /** Every request for this shop answers 500 until `healShop`. */
  breakShop(shopId: string): void;
  healShop(shopId: string): void;
  /** Requests for this path (e.g. `/api/v1/shops`, the token's too) answer 200 with this raw body, as a broken remote would. */
  malform(path: string, body: string): void;
  /** Requests for this path answer 307 to `location` (a remote sending the credentials on elsewhere). */
  redirect(path: string, location: string): void;
  /** Every path answers as it should again. */
  healAnswers(): void;
  /** The current token stops working (as if revoked); the token route hands out a new one. */
  revokeToken(): void;
  /** Deletes a repair order, as the shop would: it leaves the updated list and shows with deletedDateStart. */
  deleteRepairOrder(id: number): void;
  /** Changes a repair order (a field, and its updatedDate), as the shop editing it would. */
  updateRepairOrder(id: number, change: (ro: RepairOrderFixture) => void): void;
  close(): Promise<void>;
}

export async function startFakeTekmetric(
  options: { clientId?: string; clientSecret?: string; scope?: string[] } = {},
): Promise<FakeTekmetric> {
  const clientId = options.clientId ?? 'fleetclaims-test-client';
  const clientSecret = options.clientSecret ?? 'tek-secret-5a1d9e';
  const tokenFixture = fixture('token.json') as { access_token: string; token_type: string; scope: string };
  const scope = options.scope ?? tokenFixture.scope.split(' ');
  const shops = fixture('shops.json') as { id: number }[];
  const vehicles = fixture('vehicles.json') as { content: { id: number }[] } | { id: number }[];
  const vehicleList = Array.isArray(vehicles) ? vehicles : vehicles.content;
  const repairOrders = [
    ...(fixture('repair-orders-page0.json') as { content: RepairOrderFixture[] }).content,
    ...(fixture('repair-orders-page1.json') as { content: RepairOrderFixture[] }).content,
  ].map((ro) => structuredClone(ro));
  const insufficientScope = fixture('errors/insufficient-scope.json') as Record<string, unknown>;
  const invalidClient = fixture('errors/token-invalid-client.json');

  let tokenGeneration = 0;
  const currentToken = () =>
    tokenGeneration === 0
      ? tokenFixture.access_token
      : `${tokenFixture.access_token.slice(0, -4)}${String(tokenGeneration).padStart(4, '0')}`;
  const planned: PlannedFailure[] = [];
  const brokenShops = new Set<string>();
  const malformed = new Map<string, string>();
  const redirects = new Map<string, string>();

  const state: FakeTekmetric = {
    url: '',
    clientId,
    clientSecret,
    requests: [],
    tokenRequests: 0,
    fail: (...failures) => planned.push(...failures),
    breakShop: (shopId) => brokenShops.add(shopId),
    healShop: (shopId) => brokenShops.delete(shopId),
    malform: (path, body) => malformed.set(path, body),
    redirect: (path, location) => redirects.set(path, location),
    healAnswers: () => {
      malformed.clear();
      redirects.clear();
    },
    revokeToken: () => {
      tokenGeneration++;
    },
    deleteRepairOrder(id) {
      state.updateRepairOrder(id, (ro) => {
        ro.deletedDate = ro.updatedDate = new Date().toISOString();
      });
    },
    updateRepairOrder(id, change) {
      const ro = repairOrders.find((candidate) => candidate.id === id);
      if (!ro) throw new Error(`no repair order ${id}`);
      change(ro);
    },
    close: async () => {},
  };

  const send = (
    response: http.ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    if (body === undefined) {
      response.writeHead(status, headers).end();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

  const page = (items: unknown[], size: number, number: number) => {
    const totalPages = Math.max(1, Math.ceil(items.length / size));
    const content = items.slice(number * size, number * size + size);
    return {
      content,
      pageable: {
        sort: { sorted: true, unsorted: false, empty: false },
        offset: number * size,
        pageSize: size,
        pageNumber: number,
        paged: true,
        unpaged: false,
      },
      totalPages,
      totalElements: items.length,
      last: number + 1 >= totalPages,
      first: number === 0,
      size,
      number,
      numberOfElements: content.length,
      sort: { sorted: true, unsorted: false, empty: false },
      empty: content.length === 0,
    };
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const shop = url.searchParams.get('shop') ?? undefined;
      const raw = malformed.get(url.pathname);
      const location = redirects.get(url.pathname);
      if (raw !== undefined || location !== undefined) {
        if (url.pathname === '/api/v1/oauth/token') state.tokenRequests++;
        else state.requests.push(`${request.method} ${url.pathname}${url.search}`);
        if (location !== undefined) return send(response, 307, undefined, { location });
        response.writeHead(200, { 'content-type': 'application/json' }).end(raw);
        return;
      }

      if (request.method === 'POST' && url.pathname === '/api/v1/oauth/token') {
        state.tokenRequests++;
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        const body = Buffer.concat(chunks).toString('utf8');
        if (request.headers.authorization !== expected) return send(response, 401, invalidClient);
        if (!body.includes('grant_type=client_credentials'))
          return send(response, 400, {
            error: 'unsupported_grant_type',
            error_description: 'Unsupported grant type',
          });
        return send(response, 200, { ...tokenFixture, access_token: currentToken(), scope: scope.join(' ') });
      }

      state.requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (request.headers.authorization !== `Bearer ${currentToken()}`) return send(response, 401);

      const failureAt = planned.findIndex(
        (failure) =>
          (!failure.path || url.pathname.startsWith(failure.path)) &&
          (!failure.shop || failure.shop === shop),
      );
      if (failureAt >= 0) {
        const [failure] = planned.splice(failureAt, 1);
        if (failure!.status === 429)
          return send(
            response,
            429,
            undefined,
            failure!.retryAfter !== undefined ? { 'retry-after': String(failure!.retryAfter) } : {},
          );
        return send(response, failure!.status, {
          type: 'ERROR',
          message: 'Internal Server Error',
          data: null,
          details: {},
        });
      }
      if (shop && brokenShops.has(shop))
        return send(response, 500, {
          type: 'ERROR',
          message: 'Internal Server Error',
          data: null,
          details: {},
        });
      if (shop && !scope.includes(shop))
        return send(response, 403, { ...insufficientScope, scope: scope.join(' ') });

      if (request.method !== 'GET')
        return send(response, 405, { type: 'ERROR', message: 'Method Not Allowed', data: null, details: {} });
      if (url.pathname === '/api/v1/shops')
        return send(
          response,
          200,
          shops.filter((candidate) => scope.includes(String(candidate.id))),
        );

      if (url.pathname === '/api/v1/repair-orders') {
        if (!shop)
          return send(response, 400, { type: 'ERROR', message: 'shop is required', data: null, details: {} });
        const size = Math.min(100, Math.max(1, Number(url.searchParams.get('size') ?? 10)));
        const number = Math.max(0, Number(url.searchParams.get('page') ?? 0));
        const since = url.searchParams.get('updatedDateStart');
        const deletedSince = url.searchParams.get('deletedDateStart');
        // As observed: a deleted-date filter answers only deleted ROs, whatever else is asked (api doc §9.1).
        const matching = repairOrders.filter((ro) =>
          String(ro.shopId) !== shop
            ? false
            : deletedSince
              ? !!ro.deletedDate && Date.parse(ro.deletedDate as string) >= Date.parse(deletedSince)
              : !ro.deletedDate && (!since || Date.parse(ro.updatedDate) >= Date.parse(since)),
        );
        return send(response, 200, page(matching, size, number));
      }
      const roMatch = /^\/api\/v1\/repair-orders\/(\d+)$/.exec(url.pathname);
      if (roMatch) {
        const ro = repairOrders.find((candidate) => candidate.id === Number(roMatch[1]));
        return ro
          ? send(response, 200, ro)
          : send(response, 404, { type: 'ERROR', message: 'Not Found', data: null, details: {} });
      }
      const vehicleMatch = /^\/api\/v1\/vehicles\/(\d+)$/.exec(url.pathname);
      if (vehicleMatch) {
        const vehicle = vehicleList.find((candidate) => candidate.id === Number(vehicleMatch[1]));
        return vehicle
          ? send(response, 200, vehicle)
          : send(response, 404, { type: 'ERROR', message: 'Not Found', data: null, details: {} });
      }
      return send(response, 404, { type: 'ERROR', message: 'Not Found', data: null, details: {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return state;
}
