import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignCccImportSchema,
  cccImportPageSchema,
  cccImportSchema,
  cccInboxSchema,
  listCccImportsQuerySchema,
  uploadCccFilesResultSchema,
} from '@shared/ccc.js';
import { AppError } from '@shared/errors.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { contentDisposition } from '../attachments/index.js';
import {
  loadCccImport,
  loadCccImportContent,
  receiveCccFile,
  reprocessCccImport,
} from './ccc-import.service.js';
import { queueInboxScan, readInbox, type CccInboxOptions } from './ccc-inbox.job.js';
import { listCccImports, showCccImport } from './ccc-log.service.js';

const importParams = z.object({ id: z.uuid('Not a valid import id') });
/** At most this many files in one upload request (the screen sends one request per file, for its progress). */
const FILES_PER_REQUEST = 20;

/**
 * CCC ONE estimates on /repair-facilities: upload files, the import log (filters, assign, retry, download the
 * original) and the inbox folder's state. Importing needs `vehicles.edit` and lands only on claims of the
 * importer's companies; the inbox settings need `system.ccc.configure` (decision 020).
 */
export const cccRoutes: FastifyPluginAsyncZod<{ db: Database; ccc: CccInboxOptions }> = async (
  app,
  { db, ccc },
) => {
  // Twice the limit is read, so that an oversized file is logged as rejected with its real size.
  await app.register(multipart, { limits: { fileSize: ccc.maxFileBytes * 2, files: FILES_PER_REQUEST } });
  const options = { maxBytes: ccc.maxFileBytes };

  app.post(
    '/api/ccc/imports',
    {
      config: { access: 'vehicles.edit' },
      schema: {
        description: 'multipart/form-data with one or more CCC ONE (BMS XML) files in the field `file`.',
        response: { 201: uploadCccFilesResultSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the files as multipart/form-data');
      const actor = userActorOf(request);
      const ids: string[] = [];
      for await (const part of request.files()) {
        let content: Buffer;
        try {
          content = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(
              'payload_too_large',
              `${part.filename} is too large: the limit is ${ccc.maxFileBytes.toLocaleString('en-US')} bytes`,
            );
          }
          throw error;
        }
        const row = await receiveCccFile(
          db,
          actor,
          { fileName: part.filename || 'estimate.xml', content, source: 'upload' },
          options,
        );
        ids.push(row.id);
      }
      if (ids.length === 0) throw new AppError('bad_request', 'Choose one or more CCC estimate files (.xml)');
      const items = await Promise.all(ids.map((id) => showCccImport(db, id)));
      return reply.code(201).send({ items });
    },
  );

  app.get(
    '/api/ccc/imports',
    {
      config: { access: 'vehicles.edit' },
      schema: { querystring: listCccImportsQuerySchema, response: { 200: cccImportPageSchema } },
    },
    async (request) => listCccImports(db, userActorOf(request), request.query),
  );

  app.get(
    '/api/ccc/imports/:id',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: importParams, response: { 200: cccImportSchema } },
    },
    async (request) => {
      const row = await loadCccImport(db, userActorOf(request), request.params.id);
      return showCccImport(db, row.id);
    },
  );

  app.get(
    '/api/ccc/imports/:id/file',
    { config: { access: 'vehicles.edit' }, schema: { params: importParams } },
    async (request, reply) => {
      const row = await loadCccImport(db, userActorOf(request), request.params.id);
      return reply
        .type('application/xml')
        .header('content-disposition', contentDisposition('attachment', row.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(await loadCccImportContent(db, row.id));
    },
  );

  app.post(
    '/api/ccc/imports/:id/assign',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: importParams, body: assignCccImportSchema, response: { 200: cccImportSchema } },
    },
    async (request) => {
      const row = await reprocessCccImport(db, userActorOf(request), request.params.id, {
        ...options,
        claimId: request.body.claimId,
      });
      return showCccImport(db, row.id);
    },
  );

  app.post(
    '/api/ccc/imports/:id/retry',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: importParams, response: { 200: cccImportSchema } },
    },
    async (request) => {
      const row = await reprocessCccImport(db, userActorOf(request), request.params.id, options);
      return showCccImport(db, row.id);
    },
  );

  app.get(
    '/api/ccc/inbox',
    { config: { access: 'system.ccc.configure' }, schema: { response: { 200: cccInboxSchema } } },
    async () => readInbox(db, ccc),
  );

  app.post(
    '/api/ccc/inbox/scan',
    {
      config: { access: 'system.ccc.configure' },
      schema: { response: { 202: z.object({ queued: z.boolean(), message: z.string() }) } },
    },
    async (_request, reply) => {
      const queued = await queueInboxScan(db);
      return reply.code(202).send({
        queued,
        message: queued ? 'The inbox is checked in a moment' : 'A check of the inbox is already waiting',
      });
    },
  );
};
