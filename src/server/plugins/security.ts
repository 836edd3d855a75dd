import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin (the built app
 * has no inline script). Inline styles are allowed because Radix primitives position popovers and lock
 * scrolling with injected style elements; see docs/decisions/002-content-security-policy.md.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', API_CACHE_CONTROL);
    }
  });
}
