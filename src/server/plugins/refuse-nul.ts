import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@shared/errors.js';

/** The answer to any input holding a NUL character: PostgreSQL cannot store one in text, so none gets that far. */
export const NUL_MESSAGE = 'The request contains a NUL character (\\u0000), which no field accepts';

const ENCODED_NUL = '%00';

/** Where the first NUL sits in a parsed value (a string, or any depth of arrays and objects, keys too), or null. */
export function findNul(value: unknown, where = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? where || '_' : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNul(value[index], where ? `${where}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const path = where ? `${where}.${key}` : key;
      if (key.includes('\u0000')) return path;
      const found = findNul(item, path);
      if (found) return found;
    }
  }
  return null;
}

/** Throws the one 400 for a NUL in `value` (used as well by the multipart reader, whose fields arrive in the handler). */
export function assertNoNul(value: unknown, where = '') {
  const found = findNul(value, where);
  if (found) throw new AppError('bad_request', NUL_MESSAGE, { fieldErrors: { [found]: [NUL_MESSAGE] } });
}

/**
 * The one gate every request passes: a NUL in the address (path or query, raw or percent-encoded), in a
 * cookie, or anywhere in a parsed body is refused with 400 before any hook or handler reads it.
 * - `onRequest` (registered before the session hook) sees the raw URL and cookie header, so a `%00` in the
 *   session cookie or a path parameter never reaches a query.
 * - `preValidation` walks the parsed body (JSON or form), whatever its shape.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  // Synchronous hooks: the scans need no promise per request (issue 30).
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const url = request.raw.url ?? '';
    if (url.includes('\u0000') || url.includes(ENCODED_NUL)) {
      return done(new AppError('bad_request', NUL_MESSAGE));
    }
    // Node's HTTP parser refuses a raw NUL in a header; this covers the encoded one in cookies (decoded by
    // the cookie plugin) and requests made without that parser (inject, proxies that pass it through). The raw
    // headers, name then value: a plain loop, no object built per request.
    const headers = request.raw.rawHeaders;
    for (let index = 1; index < headers.length; index += 2) {
      const value = headers[index];
      if (typeof value !== 'string') continue;
      if (
        value.includes('\u0000') ||
        (value.includes(ENCODED_NUL) && headers[index - 1]!.toLowerCase() === 'cookie')
      ) {
        return done(new AppError('bad_request', NUL_MESSAGE));
      }
    }
    done();
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    try {
      assertNoNul(request.body);
      // Query and params were already covered by the raw URL; checked again for routes rewritten in between.
      assertNoNul(request.query);
      assertNoNul(request.params);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
