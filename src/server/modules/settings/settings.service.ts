import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_SETTINGS, type PublicSettings } from '@shared/settings.js';
import type { Database } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

/** The system settings, each stored value over its default. */
export async function readSettings(db: Database): Promise<PublicSettings> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, Object.keys(DEFAULT_SETTINGS)));
  return {
    ...DEFAULT_SETTINGS,
    ...Object.fromEntries(rows.map((row) => [row.key, row.value])),
  } as PublicSettings;
}

/** One setting, or its default. */
export async function readSetting<K extends keyof PublicSettings>(
  db: Database,
  key: K,
): Promise<PublicSettings[K]> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row ? (row.value as PublicSettings[K]) : DEFAULT_SETTINGS[key];
}
