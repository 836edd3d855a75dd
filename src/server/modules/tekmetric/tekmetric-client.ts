import type { z } from 'zod';
import { readAnswer, TekmetricError } from './tekmetric-answers.js';
import {
  tekmetricPageSchema,
  tekmetricRepairOrderSchema,
  tekmetricShopSchema,
  tekmetricTokenSchema,
  tekmetricVehicleSchema,
  type TekmetricPage,
  type TekmetricRepairOrderDto,
  type TekmetricShopDto,
  type TekmetricVehicleDto,
} from './tekmetric-dtos.js';

/**
 * A small client of Tekmetric's REST API (../shared/integrations/tekmetric-api.md): OAuth2 client credentials
 * (the token fetched once and reused until it expires; a 401 fetches a new one once), reads with
 * `Authorization: Bearer`, and 429 / 5xx retried with exponential back-off, jitter and `Retry-After`.
 * Delays and randomness are injectable so tests never sleep. Redirects are not followed (the credentials go to the
 * base URL only), and every answer is parsed with its schema (tekmetric-dtos.ts): a wrong shape is a TekmetricError.
 */

export type {
  TekmetricJobDto,
  TekmetricPage,
  TekmetricRepairOrderDto,
  TekmetricShopDto,
  TekmetricVehicleDto,
} from './tekmetric-dtos.js';

export { TekmetricError } from './tekmetric-answers.js';

export interface TekmetricCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface TekmetricClientOptions {
  fetch?: typeof fetch;
  /** Waits `ms` (tests pass one that records and returns at once). */
  sleep?: (ms: number) => Promise<void>;
  /** 0 ≤ x < 1, for the jitter. */
  random?: () => number;
  now?: () => number;
  /** Attempts per request on 429 / 5xx / network failures, the first included. */
  maxAttempts?: number;
  maxDelayMs?: number;
  /** Per request. */
  timeoutMs?: number;
  /** When the token answer has no `expires_in` (the reference says tokens live until revoked). */
  defaultTokenLifetimeMs?: number;
}

interface Token {
  value: string;
  scope: string[];
  expiresAt: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds, or an HTTP date, as Tekmetric (or a proxy) may send; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before retry number `retry` (1 = first retry): 2^n s plus up to 1 s of jitter, capped. */
export function backoffDelayMs(retry: number, random: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, 2 ** retry * 1000 + Math.floor(random * 1000));
}

export class TekmetricClient {
  private token: Token | null = null;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly maxAttempts: number;
  private readonly maxDelayMs: number;
  private readonly timeoutMs: number;
  private readonly defaultTokenLifetimeMs: number;
  /** Requests sent (tests and the log's figures). */
  requests = 0;
  tokenRequests = 0;

  constructor(
    readonly credentials: TekmetricCredentials,
    options: TekmetricClientOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.defaultTokenLifetimeMs = options.defaultTokenLifetimeMs ?? 24 * 60 * 60_000;
  }

  private url(path: string, query: Record<string, string | number | undefined> = {}) {
    const url = new URL(`/api/v1${path}`, this.credentials.baseUrl.replace(/\/+$/, '') + '/');
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** One HTTP exchange, retried on 429, 5xx and network failures. Other statuses are answered as they are. */
  private async send(url: URL, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        this.requests++;
        response = await this.fetch(url, {
          ...init,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        if (attempt >= this.maxAttempts) {
          const cause = error instanceof Error ? error.message : String(error);
          throw new TekmetricError(
            'unreachable',
            `Tekmetric could not be reached at ${url.origin} (${cause})`,
          );
        }
        await this.sleep(backoffDelayMs(attempt, this.random(), this.maxDelayMs));
        continue;
      }
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new TekmetricError(
          'api_error',
          `Tekmetric answered a redirect (${response.status}), which FleetClaims does not follow with the credentials: check the base URL`,
          response.status,
        );
      }
      if (response.status !== 429 && response.status < 500) return response;
      if (attempt >= this.maxAttempts) {
        await response.body?.cancel();
        throw new TekmetricError(
          'api_error',
          response.status === 429
            ? `Tekmetric kept answering 429 (too many requests) after ${attempt} attempts`
            : `Tekmetric answered ${response.status} after ${attempt} attempts`,
          response.status,
        );
      }
      const hinted = retryAfterMs(response.headers.get('retry-after'), this.now());
      await response.body?.cancel();
      const delay =
        hinted !== undefined
          ? Math.min(this.maxDelayMs, hinted + Math.floor(this.random() * 1000))
          : backoffDelayMs(attempt, this.random(), this.maxDelayMs);
      await this.sleep(delay);
    }
  }

  /** The cached token, or a new one. */
  async getToken(): Promise<Token> {
    if (this.token && this.token.expiresAt > this.now()) return this.token;
    const { clientId, clientSecret } = this.credentials;
    this.tokenRequests++;
    const response = await this.send(this.url('/oauth/token'), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new TekmetricError(
        'bad_credentials',
        'Tekmetric refused the client id and secret (invalid_client): check them',
        response.status,
      );
    }
    const body = await readAnswer(response, 'token', tekmetricTokenSchema);
    const lifetime =
      body.expires_in !== undefined && body.expires_in > 0
        ? // Renew a minute early so a token does not expire in flight.
          Math.max(1000, body.expires_in * 1000 - 60_000)
        : this.defaultTokenLifetimeMs;
    this.token = {
      value: body.access_token,
      scope: body.scope?.split(/\s+/).filter(Boolean) ?? [],
      expiresAt: this.now() + lifetime,
    };
    return this.token;
  }

  /** A GET with the bearer token; a 401 fetches a new token once and tries again once. */
  async get<S extends z.ZodType>(
    path: string,
    schema: S,
    query: Record<string, string | number | undefined> = {},
  ): Promise<z.output<S>> {
    const url = this.url(path, query);
    for (let refreshed = false; ; refreshed = true) {
      const token = await this.getToken();
      const response = await this.send(url, {
        headers: { authorization: `Bearer ${token.value}`, accept: 'application/json' },
      });
      if (response.status === 401 && !refreshed) {
        await response.body?.cancel();
        this.token = null;
        continue;
      }
      if (response.status === 401) {
        await response.body?.cancel();
        throw new TekmetricError(
          'bad_credentials',
          'Tekmetric refused the token even after renewing it',
          401,
        );
      }
      if (response.status === 403) {
        await response.body?.cancel();
        throw new TekmetricError(
          'no_scope',
          `These credentials have no access to ${query.shop ? `shop ${query.shop}` : path} (insufficient_scope)`,
          403,
        );
      }
      return readAnswer(response, path, schema);
    }
  }

  async shopIdsInScope(): Promise<string[]> {
    return (await this.getToken()).scope;
  }

  listShops(): Promise<TekmetricShopDto[]> {
    return this.get('/shops', tekmetricShopSchema.array());
  }

  /**
   * A page of a shop's ROs updated since `updatedSince`, or with `deleted`, deleted since then: asked apart,
   * since combining the two filters answers only deleted ROs (api doc §9.1).
   */
  repairOrdersPage(input: {
    shopId: string;
    updatedSince?: Date;
    deleted?: boolean;
    page: number;
    size: number;
  }): Promise<TekmetricPage<TekmetricRepairOrderDto>> {
    return this.get('/repair-orders', tekmetricPageSchema(tekmetricRepairOrderSchema), {
      shop: input.shopId,
      [input.deleted ? 'deletedDateStart' : 'updatedDateStart']: input.updatedSince?.toISOString(),
      sort: 'createdDate',
      sortDirection: 'ASC',
      size: input.size,
      page: input.page,
    });
  }

  vehicle(id: number): Promise<TekmetricVehicleDto> {
    return this.get(`/vehicles/${id}`, tekmetricVehicleSchema);
  }
}
