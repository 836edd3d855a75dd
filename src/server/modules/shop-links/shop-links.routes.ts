import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdShopLinkSchema,
  createShopLinkSchema,
  shopClaimSchema,
  shopEtaSchema,
  shopLinkListSchema,
  shopLinkSchema,
  shopMoveSchema,
  shopNoteSchema,
} from '@shared/shop-links.js';
import type { Database } from '../../db/client.js';
import { claimIdParams, claimLinkParams, linkTokenParams } from '../outside-links/index.js';
import { userActorOf } from '../../plugins/actor.js';
import { receiveUpload } from '../../plugins/multipart-upload.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { sendAttachmentFile, sendAttachmentThumbnail } from '../attachments/index.js';
import {
  openShopUpload,
  shopClaim,
  shopFile,
  shopMove,
  shopNote,
  shopSetEta,
  shopUpload,
} from './shop-link-actions.js';
import { createShopLink, revokeShopLink, shopLinks } from './shop-links.service.js';

const fileParams = linkTokenParams.extend({ fileId: z.uuid('Not a valid file id') });

export interface ShopLinkRoutesOptions {
  db: Database;
  storage: FileStorage;
  appUrl: string;
  maxBytes: number;
  tempDir: string;
}

/**
 * A repair shop's link to one claim (issue 32): sent, listed and revoked from the claim page; opened by the shop
 * without an account at `/api/shop-links/{token}`, where it updates the claim (`shop-link-actions.ts`).
 */
export const shopLinkRoutes: FastifyPluginAsyncZod<ShopLinkRoutesOptions> = async (
  app,
  { db, storage, appUrl, maxBytes, tempDir },
) => {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });

  app.post(
    '/api/vehicles/:id/shop-links',
    {
      config: { access: 'vehicles.edit' },
      schema: {
        params: claimIdParams,
        body: createShopLinkSchema,
        response: { 201: createdShopLinkSchema },
        description:
          'Makes a shop link for the claim’s repair facility, mailed to `to` when given: the shop updates the claim through it without an account until a few days after the claim ends. Its address is answered only now.',
      },
    },
    async (request, reply) => {
      const link = await createShopLink(db, appUrl, userActorOf(request), request.params.id, request.body.to);
      return reply.status(201).send(link);
    },
  );

  app.get(
    '/api/vehicles/:id/shop-links',
    {
      config: { access: 'vehicles.view' },
      schema: { params: claimIdParams, response: { 200: shopLinkListSchema } },
    },
    async (request) => ({ items: await shopLinks(db, userActorOf(request), request.params.id) }),
  );

  app.delete(
    '/api/vehicles/:id/shop-links/:linkId',
    {
      config: { access: 'vehicles.edit' },
      schema: {
        params: claimLinkParams,
        response: { 200: shopLinkSchema },
        description: 'Revokes a shop link: its address answers 410 from now on.',
      },
    },
    async (request) => revokeShopLink(db, userActorOf(request), request.params.id, request.params.linkId),
  );

  app.get(
    '/api/shop-links/:token',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        response: { 200: shopClaimSchema },
        description:
          'The claim a shop link reaches, as the shop sees it: 404 for an unknown link, 410 when revoked or ended.',
      },
    },
    async (request) => ({ ...(await shopClaim(db, request.params.token, request.ip)), maxBytes }),
  );

  app.post(
    '/api/shop-links/:token/moves',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        body: shopMoveSchema,
        response: { 200: shopClaimSchema },
        description:
          'Moves the claim along a shop’s move (received, parts, repair, ready), as the workflow allows.',
      },
    },
    async (request) => ({
      ...(await shopMove(db, request.params.token, request.ip, request.body)),
      maxBytes,
    }),
  );

  app.put(
    '/api/shop-links/:token/eta',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        body: shopEtaSchema,
        response: { 200: shopClaimSchema },
        description: 'Sets the ETA; a later one needs a reason. The claim’s followers are told in a note.',
      },
    },
    async (request) => ({
      ...(await shopSetEta(db, request.params.token, request.ip, request.body)),
      maxBytes,
    }),
  );

  app.post(
    '/api/shop-links/:token/notes',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        body: shopNoteSchema,
        response: { 200: shopClaimSchema },
        description: 'Posts the shop’s note on the claim; the claim’s followers are told.',
      },
    },
    async (request) => ({
      ...(await shopNote(db, request.params.token, request.ip, request.body.body)),
      maxBytes,
    }),
  );

  app.post(
    '/api/shop-links/:token/files',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        response: { 200: shopClaimSchema },
        description:
          'multipart/form-data with one file in the field `file`: a photo, or a PDF kept as an estimate (any other type: 415), checked as every upload.',
      },
    },
    async (request) => {
      // The link first: an unknown, ended or over-limit link is refused before the file is received.
      const opened = await openShopUpload(db, request.params.token, request.ip);
      const upload = await receiveUpload(request, { tempDir, maxBytes });
      try {
        return { ...(await shopUpload(db, storage, opened, upload, request.log)), maxBytes };
      } finally {
        await fsp.rm(upload.path, { force: true });
      }
    },
  );

  app.get(
    '/api/shop-links/:token/files/:fileId',
    { config: { access: 'public' }, schema: { params: fileParams } },
    async (request, reply) =>
      sendAttachmentFile(reply, storage, await shopFile(db, request.params.token, request.params.fileId), {
        download: false,
        log: request.log,
      }),
  );

  app.get(
    '/api/shop-links/:token/files/:fileId/thumbnail',
    { config: { access: 'public' }, schema: { params: fileParams } },
    async (request, reply) =>
      sendAttachmentThumbnail(
        reply,
        storage,
        await shopFile(db, request.params.token, request.params.fileId),
      ),
  );
};
