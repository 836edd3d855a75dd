import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AppError } from '@shared/errors.js';
import type { UpdateProfileRequest } from '@shared/users.js';
import type { ActorUser, UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { recordAudit } from '../audit/index.js';
import type { UserRow } from '../auth/index.js';

/** Formats sharp must recognise in the bytes themselves; a renamed file of another kind is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const PHOTO_SIZE_PX = 256;

export async function updateProfile(
  db: Database,
  actor: UserActor,
  input: UpdateProfileRequest,
): Promise<UserRow> {
  const before = actor.user;
  try {
    const [user] = await db
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    await recordAudit(db, actor, {
      action: 'user.profile_updated',
      entityType: 'user',
      entityId: before.id,
      before: { firstName: before.firstName, lastName: before.lastName, email: before.email },
      after: input,
    });
    return user!;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) {
      throw new AppError('conflict', 'A user with this email already exists', {
        fieldErrors: { email: ['A user with this email already exists'] },
      });
    }
    throw error;
  }
}

/** Checks the image by its content, crops it to a square, stores it as WebP and points the user at it. */
export async function setProfilePhoto(
  db: Database,
  storage: FileStorage,
  user: ActorUser,
  upload: Buffer,
): Promise<UserRow> {
  const format = await sharp(upload)
    .metadata()
    .then((metadata) => metadata.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('unsupported_media_type', 'The photo must be a JPEG, PNG or WebP image');
  }
  const resized = await sharp(upload)
    .rotate()
    .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover' })
    .webp({ quality: 85 })
    .toBuffer();
  const version = randomBytes(6).toString('hex');
  const key = `avatars/${user.id}-${version}.webp`;
  await storage.put(key, resized);
  const [updated] = await db
    .update(users)
    .set({
      profileImageKey: key,
      profileImageUrl: `/api/users/${user.id}/photo?v=${version}`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (user.profileImageKey) await storage.delete(user.profileImageKey);
  return updated!;
}

export async function removeProfilePhoto(
  db: Database,
  storage: FileStorage,
  user: ActorUser,
): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ profileImageKey: null, profileImageUrl: null, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  if (user.profileImageKey) await storage.delete(user.profileImageKey);
  return updated!;
}
