import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import {
  DEFAULT_SYNC_EVERY_MINUTES,
  NO_CREDENTIALS,
  NO_SECRETS_KEY,
  SECRET_AGAIN,
  secretMustBeReentered,
  TEKMETRIC_BASE_URLS,
  tekmetricBaseUrlOf,
  type ShopMapping,
  type TekmetricSettings,
  type TestConnectionResult,
  type UpdateTekmetricSettings,
} from '@shared/tekmetric.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { repairFacilities, tekmetricConnection } from '../../db/schema/index.js';
import { checkOutboundUrl, STRICT_OUTBOUND_RULES, type OutboundUrlRules } from '../../outbound-url.js';
import { recordAudit } from '../audit/index.js';
import { openSecret, sealSecret } from '../../secret-box.js';
import { TekmetricError } from './tekmetric-answers.js';
import {
  TekmetricClient,
  type TekmetricClientOptions,
  type TekmetricCredentials,
} from './tekmetric-client.js';

/** The Tekmetric connection settings and the shop ↔ facility mapping (issue 17). The secret never leaves. */

type ConnectionRow = typeof tekmetricConnection.$inferSelect;

const DEFAULT_CONNECTION: ConnectionRow = {
  id: 1,
  environment: 'sandbox',
  baseUrl: TEKMETRIC_BASE_URLS.sandbox,
  clientId: null,
  clientSecretEncrypted: null,
  syncEveryMinutes: DEFAULT_SYNC_EVERY_MINUTES,
  updatedAt: new Date(0),
};

export async function readConnection(db: Database): Promise<ConnectionRow> {
  const [row] = await db.select().from(tekmetricConnection).where(eq(tekmetricConnection.id, 1));
  return row ?? DEFAULT_CONNECTION;
}

/** Whether a client secret is stored (encrypted with SECRETS_KEY): the start warns when it has no key to read it. */
export async function storesTekmetricSecret(db: Database): Promise<boolean> {
  return (await readConnection(db)).clientSecretEncrypted !== null;
}

export function presentSettings(row: ConnectionRow, secretsKey: Buffer | undefined): TekmetricSettings {
  return {
    environment: row.environment,
    baseUrl: row.baseUrl,
    clientId: row.clientId,
    secretSet: row.clientSecretEncrypted !== null,
    syncEveryMinutes: row.syncEveryMinutes,
    secretsKeyConfigured: secretsKey !== undefined,
  };
}

/** What the audit log keeps of the settings: never the secret, only whether it is set. */
const auditView = (row: ConnectionRow) => ({
  environment: row.environment,
  baseUrl: row.baseUrl,
  clientId: row.clientId,
  secretSet: row.clientSecretEncrypted !== null,
  syncEveryMinutes: row.syncEveryMinutes,
});

export async function saveSettings(
  db: Database,
  actor: Actor,
  secretsKey: Buffer | undefined,
  input: UpdateTekmetricSettings,
  integrationUrls: OutboundUrlRules = STRICT_OUTBOUND_RULES,
): Promise<TekmetricSettings> {
  const before = await readConnection(db);
  const secret = input.clientSecret?.trim() ? input.clientSecret.trim() : undefined;
  if (secret && !secretsKey)
    throw new AppError('validation', NO_SECRETS_KEY, { fieldErrors: { clientSecret: [NO_SECRETS_KEY] } });
  const baseUrl = tekmetricBaseUrlOf(input);
  const fieldErrors: Record<string, string[]> = {};
  if (input.environment === 'custom') {
    const check = await checkOutboundUrl(baseUrl, integrationUrls);
    if (!check.ok) fieldErrors.baseUrl = [check.message];
  }
  if (!secret && before.clientSecretEncrypted === null)
    fieldErrors.clientSecret = ['Enter the client secret'];
  else if (!secret && secretMustBeReentered(presentSettings(before, secretsKey), input))
    fieldErrors.clientSecret = [SECRET_AGAIN];
  const [first] = Object.values(fieldErrors);
  if (first) throw new AppError('validation', first[0]!, { fieldErrors });
  const values = {
    environment: input.environment,
    baseUrl,
    clientId: input.clientId,
    syncEveryMinutes: input.syncEveryMinutes,
    ...(secret ? { clientSecretEncrypted: sealSecret(secretsKey!, secret) } : {}),
    updatedAt: new Date(),
  };
  const [after] = await db
    .insert(tekmetricConnection)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: tekmetricConnection.id, set: values })
    .returning();
  await recordAudit(db, actor, {
    action: 'tekmetric.settings.updated',
    entityType: 'settings',
    entityId: null,
    before: auditView(before),
    after: { ...auditView(after!), secretReplaced: secret !== undefined },
  });
  return presentSettings(after!, secretsKey);
}

/** The stored credentials, decrypted, or why there are none. */
export function credentialsOf(
  row: ConnectionRow,
  secretsKey: Buffer | undefined,
): TekmetricCredentials | { missing: string } {
  if (!row.clientId || !row.clientSecretEncrypted) return { missing: NO_CREDENTIALS };
  if (!secretsKey) return { missing: NO_SECRETS_KEY };
  try {
    return {
      baseUrl: row.baseUrl,
      clientId: row.clientId,
      clientSecret: openSecret(secretsKey, row.clientSecretEncrypted),
    };
  } catch {
    return {
      missing: 'The stored client secret cannot be read with this SECRETS_KEY: enter the secret again',
    };
  }
}

/**
 * The stored credentials, if their base URL passes the operator's rule now (src/server/outbound-url.ts): a URL saved
 * before the rule, or whose name resolves elsewhere since, is never called with the secret.
 */
export async function usableCredentials(
  row: ConnectionRow,
  secretsKey: Buffer | undefined,
  integrationUrls: OutboundUrlRules,
): Promise<TekmetricCredentials | { missing: string; reason: 'not_configured' | 'url_refused' }> {
  const credentials = credentialsOf(row, secretsKey);
  if ('missing' in credentials) return { ...credentials, reason: 'not_configured' };
  // Tekmetric's own environments are constants of the code, not an admin's URL.
  if (Object.values(TEKMETRIC_BASE_URLS).includes(credentials.baseUrl)) return credentials;
  const check = await checkOutboundUrl(credentials.baseUrl, integrationUrls);
  return check.ok ? credentials : { missing: check.message, reason: 'url_refused' };
}

export async function listMappings(db: Database): Promise<ShopMapping[]> {
  const rows = await db
    .select({
      id: repairFacilities.id,
      name: repairFacilities.name,
      shopId: repairFacilities.tekmetricShopId,
    })
    .from(repairFacilities)
    .where(isNotNull(repairFacilities.tekmetricShopId))
    .orderBy(asc(repairFacilities.tekmetricShopId), asc(repairFacilities.name));
  return rows.map((row) => ({ shopId: row.shopId!, facility: { id: row.id, name: row.name } }));
}

/** "Test connection": a token, then the shops in its scope, each with the facility mapped to it. */
export async function testConnection(
  db: Database,
  secretsKey: Buffer | undefined,
  integrationUrls: OutboundUrlRules,
  clientOptions: TekmetricClientOptions = {},
): Promise<TestConnectionResult> {
  const credentials = await usableCredentials(await readConnection(db), secretsKey, integrationUrls);
  if ('missing' in credentials)
    return { ok: false, reason: credentials.reason, message: credentials.missing };
  // No retries: the person waiting wants the answer, not a back-off.
  const client = new TekmetricClient(credentials, { timeoutMs: 15_000, ...clientOptions, maxAttempts: 1 });
  try {
    const scope = await client.shopIdsInScope();
    if (scope.length === 0) {
      return {
        ok: false,
        reason: 'no_scope',
        message: 'The credentials work, but no shop has granted them access yet',
      };
    }
    const shops = await client.listShops();
    const mappings = await listMappings(db);
    const inScope = shops.filter((shop) => scope.includes(String(shop.id)));
    return {
      ok: true,
      message: `Connected: ${inScope.length} ${inScope.length === 1 ? 'shop' : 'shops'} in scope`,
      shops: inScope.map((shop) => ({
        id: String(shop.id),
        name: shop.name,
        nickname: shop.nickname ?? null,
        address: shop.address?.fullAddress ?? null,
        facility: mappings.find((mapping) => mapping.shopId === String(shop.id))?.facility ?? null,
      })),
    };
  } catch (error) {
    if (error instanceof TekmetricError) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
}

/** Maps a Tekmetric shop to one facility (or to none): the facility's Tekmetric shop id field. */
export async function mapShop(
  db: Database,
  actor: Actor,
  input: { shopId: string; facilityId: string | null },
): Promise<ShopMapping[]> {
  await db.transaction(async (tx) => {
    const previous = await tx
      .select({ id: repairFacilities.id })
      .from(repairFacilities)
      .where(
        and(
          eq(repairFacilities.tekmetricShopId, input.shopId),
          input.facilityId ? ne(repairFacilities.id, input.facilityId) : undefined,
        ),
      );
    for (const facility of previous) {
      await tx
        .update(repairFacilities)
        .set({ tekmetricShopId: null, updatedAt: new Date() })
        .where(eq(repairFacilities.id, facility.id));
      await recordAudit(tx, actor, {
        action: 'facility.updated',
        entityType: 'repair_facility',
        entityId: facility.id,
        before: { tekmetricShopId: input.shopId },
        after: { tekmetricShopId: null },
      });
    }
    if (!input.facilityId) return;
    const [facility] = await tx
      .select()
      .from(repairFacilities)
      .where(eq(repairFacilities.id, input.facilityId));
    if (!facility) {
      throw new AppError('validation', 'That repair facility does not exist', {
        fieldErrors: { facilityId: ['That repair facility does not exist'] },
      });
    }
    if (facility.tekmetricShopId === input.shopId) return;
    await tx
      .update(repairFacilities)
      .set({ tekmetricShopId: input.shopId, updatedAt: new Date() })
      .where(eq(repairFacilities.id, facility.id));
    await recordAudit(tx, actor, {
      action: 'facility.updated',
      entityType: 'repair_facility',
      entityId: facility.id,
      before: { tekmetricShopId: facility.tekmetricShopId },
      after: { tekmetricShopId: input.shopId },
    });
  });
  return listMappings(db);
}
