import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimListItemSchema,
  claimPageSchema,
  claimSchema,
  createClaimSchema,
  listClaimsQuerySchema,
  noteRequestSchema,
  noteSchema,
  statusHistoryEntrySchema,
  transitionRequestSchema,
  undoMoveRequestSchema,
  updateClaimSchema,
} from '@shared/claims.js';
import type { Database } from '../../db/client.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { addNote, listNotes, mentionableUsers, setWatching } from './claim-notes.service.js';
import { undoLastMove } from './claim-undo.service.js';
import { statusHistory } from './claim-history.js';
import { transitionClaim } from './claim-workflow.service.js';
import { claimCsvHeader, claimCsvRow } from './claims-csv.js';
import { listClaims } from './claim-list/claim-list.query.js';
import { loadClaimPage, loadClaimRow, showClaim } from './claim-read.js';
import { createClaim, deleteClaim, updateClaim } from './claims.service.js';
import { relatedClaims } from './vehicles.service.js';
import { userActorOf } from '../../plugins/actor.js';
import { answerOnce } from '../../plugins/idempotency.js';
import { projectingSerializerCompiler } from '../../plugins/projecting-serializer.js';

const idParams = z.object({ id: z.uuid('Not a valid claim id') });
const CSV_MAX_ROWS = 50_000;
const CSV_BATCH = 1000;

/** Claims (the spec calls them vehicles): list, export, create, read, edit, move, notes, watch. */
export const claimsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The export's database: a replica when DATABASE_READ_URL is set (DatabaseHandle.readDb). */
  readDb: Database;
  storage: FileStorage;
}> = async (app, { db, readDb, storage }) => {
  app.get(
    '/api/vehicles',
    {
      config: { access: 'vehicles.view' },
      schema: { querystring: listClaimsQuerySchema, response: { 200: claimPageSchema } },
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request) => listClaims(db, userActorOf(request).scope, request.query),
  );

  app.get(
    '/api/vehicles/export.csv',
    {
      config: { access: 'vehicles.view' },
      schema: { querystring: listClaimsQuerySchema.omit({ page: true, pageSize: true }) },
    },
    async (request, reply) => {
      const scope = userActorOf(request).scope;
      async function* rows() {
        yield claimCsvHeader();
        let cursor: string | undefined;
        for (let exported = 0; exported < CSV_MAX_ROWS;) {
          const batch = await listClaims(readDb, scope, {
            ...request.query,
            page: 1,
            pageSize: CSV_BATCH,
            cursor,
          });
          for (const claim of batch.items) yield claimCsvRow(claim);
          exported += batch.items.length;
          if (!batch.nextCursor) return;
          cursor = batch.nextCursor;
        }
      }
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="claims-${date}.csv"`)
        .send(Readable.from(rows()));
    },
  );

  app.post(
    '/api/vehicles',
    {
      config: { access: 'vehicles.create', idempotentInTransaction: true },
      schema: { body: createClaimSchema, response: { 201: claimSchema } },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      return answerOnce(request, reply, db, 201, async (tx) =>
        showClaim(tx, actor, await createClaim(tx, actor, request.body)),
      );
    },
  );

  app.get(
    '/api/vehicles/:id',
    {
      config: { access: 'vehicles.view' },
      schema: { params: idParams, response: { 200: claimSchema } },
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request) => {
      return loadClaimPage(db, userActorOf(request), request.params.id);
    },
  );

  app.patch(
    '/api/vehicles/:id',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: idParams, body: updateClaimSchema, response: { 200: claimSchema } },
    },
    async (request) => {
      const actor = userActorOf(request);
      const row = await updateClaim(db, actor, request.params.id, request.body);
      return showClaim(db, actor, row);
    },
  );

  app.delete(
    '/api/vehicles/:id',
    { config: { access: 'vehicles.delete' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteClaim(db, storage, userActorOf(request), request.params.id, request.log);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/vehicles/:id/transitions',
    {
      config: { access: 'claims.transition' },
      schema: { params: idParams, body: transitionRequestSchema, response: { 200: claimSchema } },
    },
    async (request) => {
      const actor = userActorOf(request);
      const row = await transitionClaim(db, actor, request.params.id, request.body);
      return showClaim(db, actor, row);
    },
  );

  app.post(
    '/api/vehicles/:id/transitions/undo',
    {
      config: { access: 'claims.transition' },
      schema: { params: idParams, body: undoMoveRequestSchema, response: { 200: claimSchema } },
    },
    async (request) => {
      const actor = userActorOf(request);
      const row = await undoLastMove(db, actor, request.params.id, request.body);
      return showClaim(db, actor, row);
    },
  );

  app.get(
    '/api/vehicles/:id/history',
    {
      config: { access: 'vehicles.view' },
      schema: { params: idParams, response: { 200: z.array(statusHistoryEntrySchema) } },
    },
    async (request) => {
      const row = await loadClaimRow(db, userActorOf(request).scope, request.params.id);
      return statusHistory(db, row.claim.id);
    },
  );

  app.get(
    '/api/vehicles/:id/related',
    {
      config: { access: 'vehicles.view' },
      schema: { params: idParams, response: { 200: z.array(claimListItemSchema) } },
    },
    async (request) => {
      const scope = userActorOf(request).scope;
      const row = await loadClaimRow(db, scope, request.params.id);
      return relatedClaims(db, scope, row);
    },
  );

  app.get(
    '/api/vehicles/:id/notes',
    {
      config: { access: 'vehicles.view' },
      schema: { params: idParams, response: { 200: z.array(noteSchema) } },
    },
    async (request) => {
      const row = await loadClaimRow(db, userActorOf(request).scope, request.params.id);
      return listNotes(db, row.claim.id);
    },
  );

  app.post(
    '/api/vehicles/:id/notes',
    {
      config: { access: 'notes.create', idempotentInTransaction: true },
      schema: { params: idParams, body: noteRequestSchema, response: { 201: noteSchema } },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      const row = await loadClaimRow(db, actor.scope, request.params.id);
      return answerOnce(request, reply, db, 201, (tx) => addNote(tx, actor, row, request.body.body));
    },
  );

  app.get(
    '/api/vehicles/:id/mentionable',
    {
      config: { access: 'notes.create' },
      schema: {
        params: idParams,
        querystring: z.object({ search: z.string().trim().max(64).optional() }),
        response: { 200: z.array(z.object({ id: z.uuid(), username: z.string(), name: z.string() })) },
      },
    },
    async (request) => {
      const row = await loadClaimRow(db, userActorOf(request).scope, request.params.id);
      return mentionableUsers(db, row.claim.companyId, request.query.search);
    },
  );

  for (const [method, watching] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/vehicles/:id/watch',
      config: { access: 'vehicles.view' },
      schema: { params: idParams, response: { 200: z.object({ watching: z.boolean() }) } },
      handler: async (request) => {
        const row = await loadClaimRow(db, userActorOf(request).scope, request.params.id);
        await setWatching(db, row.claim.id, request.auth!.user.id, watching);
        return { watching };
      },
    });
  }
};
