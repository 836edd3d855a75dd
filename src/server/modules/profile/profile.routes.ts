import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '@shared/auth.js';
import { AppError } from '@shared/errors.js';
import { PROFILE_PHOTO_MAX_BYTES, updateProfileRequestSchema } from '@shared/users.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { presentCurrentUser } from '../auth/index.js';
import { removeProfilePhoto, setProfilePhoto, updateProfile } from './profile.service.js';
import { userActorOf } from '../../plugins/actor.js';

const PHOTO_TOO_LARGE = 'The photo must be at most 5 MB';

/** Edit Profile: names, email and photo of the current user. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  await app.register(multipart, { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 5 } });

  app.patch(
    '/api/user/profile',
    {
      config: { access: 'authenticated' },
      schema: { body: updateProfileRequestSchema, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await updateProfile(db, userActorOf(request), request.body);
      return presentCurrentUser({ user, impersonator: request.auth!.impersonator });
    },
  );

  app.post(
    '/api/user/photo',
    { config: { access: 'authenticated' }, schema: { response: { 200: userSchema } } },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data');
      const file = await request.file();
      if (!file || file.fieldname !== 'photo') throw new AppError('bad_request', 'Choose a photo to upload');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('payload_too_large', PHOTO_TOO_LARGE);
        throw error;
      }
      const user = await setProfilePhoto(db, storage, request.auth!.user, data);
      return presentCurrentUser({ user, impersonator: request.auth!.impersonator });
    },
  );

  app.delete(
    '/api/user/photo',
    { config: { access: 'authenticated' }, schema: { response: { 200: userSchema } } },
    async (request) => {
      const user = await removeProfilePhoto(db, storage, request.auth!.user);
      return presentCurrentUser({ user, impersonator: request.auth!.impersonator });
    },
  );

  app.get(
    '/api/users/:id/photo',
    {
      config: { access: 'authenticated' },
      schema: { params: z.object({ id: z.uuid('Not a valid user id') }) },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ key: users.profileImageKey })
        .from(users)
        .where(eq(users.id, request.params.id));
      const stream = row?.key ? await storage.get(row.key) : null;
      if (!stream) throw new AppError('not_found', 'This user has no photo');
      // The URL changes with every new photo (?v=…), so the browser may keep each one.
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(stream);
    },
  );
};
