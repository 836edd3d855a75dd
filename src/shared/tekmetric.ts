import { z } from 'zod';

/**
 * The Tekmetric integration (issue 17, /tekmetric-admin): connection settings, shop ↔ facility mapping, the
 * repair-order sync and its log. The client secret goes in, never out: answers say only whether it is set.
 */

export const TEKMETRIC_ENVIRONMENTS = ['sandbox', 'production', 'custom'] as const;
export type TekmetricEnvironment = (typeof TEKMETRIC_ENVIRONMENTS)[number];
export const TEKMETRIC_BASE_URLS: Record<Exclude<TekmetricEnvironment, 'custom'>, string> = {
  sandbox: 'https://sandbox.tekmetric.com',
  production: 'https://shop.tekmetric.com',
};
export const TEKMETRIC_ENVIRONMENT_LABELS: Record<TekmetricEnvironment, string> = {
  sandbox: 'Sandbox',
  production: 'Production',
  custom: 'Custom base URL',
};

export const DEFAULT_SYNC_EVERY_MINUTES = 15;
export const SYNC_EVERY_MINUTES_MAX = 24 * 60;

export const tekmetricSettingsSchema = z.object({
  environment: z.enum(TEKMETRIC_ENVIRONMENTS),
  baseUrl: z.string().describe('The API base URL the sync calls (without /api/v1)'),
  clientId: z.string().nullable(),
  secretSet: z.boolean().describe('Whether a client secret is stored; the secret itself is never answered'),
  syncEveryMinutes: z.number().int(),
  /** Whether the server holds SECRETS_KEY, without which no secret can be stored. */
  secretsKeyConfigured: z.boolean(),
});
export type TekmetricSettings = z.infer<typeof tekmetricSettingsSchema>;

export const updateTekmetricSettingsSchema = z
  .object({
    environment: z.enum(TEKMETRIC_ENVIRONMENTS, {
      message: 'Choose sandbox, production or a custom base URL',
    }),
    baseUrl: z
      .string()
      .trim()
      .max(300)
      .refine((value) => value === '' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), {
        message: 'Enter a URL such as https://sandbox.tekmetric.com',
      })
      .optional(),
    clientId: z.string().trim().min(1, 'Enter the client id').max(200),
    /** Omitted (or empty) keeps the stored secret. */
    clientSecret: z.string().max(500).optional(),
    syncEveryMinutes: z
      .number({ message: 'Enter a number of minutes' })
      .int('Enter a whole number of minutes')
      .min(1, 'At least 1 minute')
      .max(SYNC_EVERY_MINUTES_MAX, `At most ${SYNC_EVERY_MINUTES_MAX} minutes`),
  })
  .refine((value) => value.environment !== 'custom' || !!value.baseUrl, {
    message: 'Enter the base URL',
    path: ['baseUrl'],
  });
export type UpdateTekmetricSettings = z.infer<typeof updateTekmetricSettingsSchema>;

/** The base URL a settings form means: its environment's, or the custom one without trailing slashes. */
export function tekmetricBaseUrlOf(input: { environment: TekmetricEnvironment; baseUrl?: string }): string {
  const url =
    input.environment === 'custom' ? (input.baseUrl ?? '').trim() : TEKMETRIC_BASE_URLS[input.environment];
  return url.replace(/\/+$/, '');
}

export const SECRET_AGAIN =
  'Enter the client secret again: the environment, base URL or client id changed, and the stored secret is only sent where it was entered for';

/**
 * The stored secret goes only to the environment, base URL and client id it was entered with (issue 28): a form
 * changing any of them must bring the secret again. Both the server (a 400 on `clientSecret`) and the form use it.
 */
export function secretMustBeReentered(
  saved: Pick<TekmetricSettings, 'environment' | 'baseUrl' | 'clientId' | 'secretSet'>,
  next: { environment: TekmetricEnvironment; baseUrl?: string; clientId: string },
): boolean {
  return (
    saved.secretSet &&
    (saved.environment !== next.environment ||
      saved.baseUrl !== tekmetricBaseUrlOf(next) ||
      saved.clientId !== next.clientId.trim())
  );
}

/** Why no client secret can be stored or used: the server has no SECRETS_KEY (decision 041). */
export const NO_SECRETS_KEY =
  'The server has no SECRETS_KEY, so it cannot store or use the client secret: set SECRETS_KEY in its environment and restart it';
export const NO_CREDENTIALS = 'Save the client id and secret first';
export const NO_SHOP_MAPPED = 'Map a Tekmetric shop to a repair facility first';

/**
 * Why "Sync now" cannot work yet, or null when it can: the reasons the server's `assertSyncable` refuses a sync
 * with, which the page shows beside the disabled button.
 */
export function syncNowBlocker(
  settings: Pick<TekmetricSettings, 'secretsKeyConfigured' | 'secretSet' | 'clientId'>,
  mappedShops: number,
): string | null {
  if (!settings.secretsKeyConfigured) return NO_SECRETS_KEY;
  if (!settings.clientId || !settings.secretSet) return NO_CREDENTIALS;
  return mappedShops === 0 ? NO_SHOP_MAPPED : null;
}

export const tekmetricShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  nickname: z.string().nullable(),
  address: z.string().nullable(),
  facility: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type TekmetricShop = z.infer<typeof tekmetricShopSchema>;

export const TEKMETRIC_FAILURES = [
  'not_configured',
  'bad_credentials',
  'no_scope',
  'unreachable',
  'api_error',
  'url_refused',
] as const;
export type TekmetricFailure = (typeof TEKMETRIC_FAILURES)[number];

export const testConnectionResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: z.string(), shops: z.array(tekmetricShopSchema) }),
  z.object({ ok: z.literal(false), reason: z.enum(TEKMETRIC_FAILURES), message: z.string() }),
]);
export type TestConnectionResult = z.infer<typeof testConnectionResultSchema>;

export const mapShopRequestSchema = z.object({
  shopId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,12}$/, 'A Tekmetric shop id is a number'),
  facilityId: z.uuid('Choose a repair facility').nullable(),
});
export type MapShopRequest = z.infer<typeof mapShopRequestSchema>;

export const shopMappingSchema = z.object({
  shopId: z.string(),
  facility: z.object({ id: z.uuid(), name: z.string() }),
});
export type ShopMapping = z.infer<typeof shopMappingSchema>;

export const SYNC_TRIGGERS = ['schedule', 'manual'] as const;
export const SYNC_TRIGGER_LABELS: Record<(typeof SYNC_TRIGGERS)[number], string> = {
  schedule: 'Schedule',
  manual: 'Manual',
};

export const syncLogEntrySchema = z.object({
  id: z.uuid(),
  shopId: z.string(),
  facilityName: z.string().nullable(),
  trigger: z.enum(SYNC_TRIGGERS),
  status: z.enum(['succeeded', 'failed']),
  startedAt: z.string(),
  durationMs: z.number().int(),
  updatedSince: z.string().nullable().describe('The cursor the run asked from; null for a first full sync'),
  rosFetched: z.number().int(),
  claimsCreated: z.number().int(),
  claimsUpdated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(z.object({ roId: z.string(), roNumber: z.string().nullable(), reason: z.string() })),
  errors: z.array(z.object({ roId: z.string().nullable(), message: z.string() })),
});
export type SyncLogEntry = z.infer<typeof syncLogEntrySchema>;

export const syncLogSchema = z.object({
  items: z.array(syncLogEntrySchema),
  /** A sync queued or running now (the button shows it). */
  syncInProgress: z.boolean(),
});
export type SyncLog = z.infer<typeof syncLogSchema>;

export const syncNowResultSchema = z.object({
  queued: z.boolean().describe('False when a sync was already waiting: this request joined it'),
  message: z.string(),
});

/**
 * RO status (`repairOrderStatus.id`, never its code or name) → the mechanical claim's status. The one table
 * of the mapping; 7 (deleted) cancels the claim.
 */
export const RO_STATUS_TO_CLAIM_STATUS = {
  1: 'authorization_pending', // Estimate: the jobs await the fleet's decision
  2: 'in_repair', // Work in progress
  3: 'ready_for_pickup', // Complete: work done, not yet invoiced
  4: 'on_hold', // Saved for later
  5: 'completed', // Posted (invoiced)
  6: 'completed', // Accounts receivable (posted on account)
  7: 'cancelled', // Deleted
} as const;
export const RO_STATUS_NAMES: Record<number, string> = {
  1: 'Estimate',
  2: 'Work in progress',
  3: 'Complete',
  4: 'Saved for later',
  5: 'Posted',
  6: 'Accounts receivable',
  7: 'Deleted',
};
/** Statuses whose RO totals are final (work complete, posted, on account): the claim's final amount is the RO's total. */
export const RO_FINAL_STATUS_IDS: readonly number[] = [3, 5, 6];
