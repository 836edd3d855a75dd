import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimBoardQuerySchema, claimBoardSchema } from '@shared/claim-board.js';
import type { Database } from '../../db/client.js';
import { claimBoard } from './claim-board.service.js';
import { userActorOf } from '../../plugins/actor.js';

/** The Claim Manager board: open claims of one workflow by status, scoped like All Claims. */
export const claimBoardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/claim-board',
    {
      config: { access: 'vehicles.view' },
      schema: { querystring: claimBoardQuerySchema, response: { 200: claimBoardSchema } },
    },
    async (request) => claimBoard(db, userActorOf(request), request.query),
  );
};
