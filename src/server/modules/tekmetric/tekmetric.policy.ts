import { AppError } from '@shared/errors.js';
import { NO_SHOP_MAPPED } from '@shared/tekmetric.js';

/**
 * When Tekmetric may be synced. Who may configure and sync is the routes' (`system.tekmetric.configure`, admins);
 * a sync needs the connection's credentials and at least one shop mapped to a repair facility.
 */
export function assertSyncable(credentials: { missing: string } | object, mappedShops: number) {
  if ('missing' in credentials) throw new AppError('validation', credentials.missing);
  if (mappedShops === 0) throw new AppError('validation', NO_SHOP_MAPPED);
}
