import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiRequest } from './api-path.js';

/**
 * What every API answer gets unless its route chose a Cache-Control of its own: kept by no cache, neither a
 * shared one nor the browser's (a shared computer's disk). The notification poll still answers 304: the web
 * client keeps each list's ETag itself and sends If-None-Match with `cache: 'no-store'` (lib/api-client.ts), so
 * its revalidation never needed the browser's cache. Attachments and profile photos keep their own
 * `private, max-age=…, immutable` (a file never changes under its id); static files keep plugins/spa.ts's.
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * The headers helmet sets with `options`, worked out once. Helmet's middleware writes the same headers on every
 * response (nothing here depends on the request), and the Fastify plugin built a new middleware per request, its
 * policy parsed again each time: 5 % of the CPU of a `/api/health` under load (issue 30).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin (the built app
 * has no inline script). Inline styles are allowed because Radix primitives position popovers and lock
 * scrolling with injected style elements; see docs/decisions/002-content-security-policy.md. Every answer gets
 * them, errors and 404s included, from the first hook on.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Set as the request arrives, so that errors and 404s carry them too; a route that chooses its own
  // Cache-Control (an attachment, the notification poll) replaces the API's default as it answers.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (isApiRequest(request)) reply.header('cache-control', API_CACHE_CONTROL);
    done();
  });
}
