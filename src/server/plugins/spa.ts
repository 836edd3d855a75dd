import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-path.js';
import { apiNotFound } from './error-handler.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built single-page app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any non-`/api` GET that matches no file gets index.html so client routes deep-link.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | undefined) {
  const hasBuild = webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE,
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiRequest(request);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPage) return apiNotFound(request, reply);
    if (!hasBuild || request.url.startsWith('/assets/')) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          hasBuild
            ? 'Not found'
            : 'The web app is not built. Run `npm run build`, or `npm run dev` while developing.',
        );
    }
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  });
}
