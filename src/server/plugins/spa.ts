import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-path.js';
import { apiNotFound } from './error-handler.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The driver's report form (issue 32), built on its own for a phone (vite.report.config.ts, into `report/` of the
 * web build, its hashed files under `report/assets/`): its page answers a vehicle's report link `/report/<token>`
 * instead of the SPA's index.html. Not for search engines: the page says so, and so does its X-Robots-Tag.
 */
const REPORT_FORM_HTML = 'report/report.html';
const REPORT_FORM_PAGE = /^\/report\/[^/?]+\/?(\?|$)/;
/** The hashed files of the SPA's build and of the report form's: a missing one is a 404, never a page. */
const ASSETS = /^\/(report\/)?assets\//;

/**
 * Serves the built single-page app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any non-`/api` GET that matches no file gets index.html so client routes deep-link (or, for
 * `/report/<token>`, the report form's own page when it was built).
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | undefined) {
  const hasBuild = webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
  const reportForm = hasBuild ? path.resolve(webRoot, REPORT_FORM_HTML) : undefined;
  const hasReportForm = reportForm !== undefined && fs.existsSync(reportForm);
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
        if (path.resolve(filePath) === reportForm) res.setHeader('x-robots-tag', 'noindex');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiRequest(request);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPage) return apiNotFound(request, reply);
    if (!hasBuild || ASSETS.test(request.url)) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          hasBuild
            ? 'Not found'
            : 'The web app is not built. Run `npm run build`, or `npm run dev` while developing.',
        );
    }
    if (hasReportForm && REPORT_FORM_PAGE.test(request.url)) {
      return reply
        .header('cache-control', REVALIDATE)
        .header('x-robots-tag', 'noindex')
        .sendFile(REPORT_FORM_HTML);
    }
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  });
}
