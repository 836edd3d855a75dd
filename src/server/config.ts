import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_INVOICE_REMINDER_DAYS } from '@shared/accounting.js';
import { canonicalTimeZone } from '@shared/time-zones.js';
import { parseNetwork } from './outbound-url.js';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && protocols.test(new URL(value).protocol), {
        message: `must be a URL such as ${hint}`,
      })
      .optional(),
  );

export const SECRETS_KEY_FORMAT =
  'must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)';

/** A SECRETS_KEY value (64 hex digits or base64 of 32 bytes) as its 32 bytes, or undefined when it is neither. */
export function secretsKeyBytes(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PROXY_EXAMPLE = 'e.g. 127.0.0.1 or 10.0.0.0/8,127.0.0.1';

/** An IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's names of ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const trustsNoProxy = (value: string) => value.trim() === '' || value.trim() === 'false';

/**
 * TRUST_PROXY: the addresses of the proxies whose X-Forwarded-For / -Proto / -Host are believed (decision
 * 039). `true` (believe any sender) and a hop count (which cannot tell the proxy from a client that connects
 * directly, and which Fastify 5 ignores) are refused, so that no client can choose the address the login
 * throttle and the audit see.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .refine((value) => value.trim() !== 'true', {
    message: `no longer takes true (it trusted any X-Forwarded-For a client sent): list the proxies’ addresses, ${PROXY_EXAMPLE}`,
  })
  .refine((value) => !/^\s*\d+\s*$/.test(value), {
    message: `takes the proxies’ addresses, not a hop count (a hop count cannot tell the proxy from a client that connects directly), ${PROXY_EXAMPLE}`,
  })
  .refine(
    (value) => trustsNoProxy(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())),
    {
      message:
        'must be false or the proxies’ addresses separated by commas: IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal',
    },
  )
  .transform((value) => (trustsNoProxy(value) ? false : value.split(',').map((entry) => entry.trim())));

/** Every setting the server reads from its environment. `.env.example` documents each of them. */
export const configSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
      .default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(5000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://user@host:5432/db'),
    DATABASE_READ_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://user@replica-host:5432/db'),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .default(30_000),
    APP_URL: optionalUrl(/^https?:$/, 'https://claims.example.com'),
    SMTP_URL: optionalUrl(/^smtps?:$/, 'smtp://127.0.0.1:2525'),
    MAIL_FROM: z.string().min(3).default('FleetClaims <no-reply@fleetclaims.local>'),
    INITIAL_ADMIN_USERNAME: z.string().min(3, 'must be at least 3 characters').default('admin'),
    INITIAL_ADMIN_PASSWORD: optionalString,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
    TRUST_PROXY: trustProxySchema,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER_URL: optionalUrl(/^https?:$/, 'https://accounts.google.com').default(
      'https://accounts.google.com',
    ),
    UPLOAD_MAX_BYTES: z.coerce
      .number({ message: 'must be a number of bytes' })
      .int('must be a whole number of bytes')
      .min(1024, 'must be at least 1024')
      .max(1024 * 1024 * 1024, 'must be at most 1073741824 (1 GiB)')
      .default(25 * 1024 * 1024),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(1000, 'must be at least 1000')
      .default(10_000),
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(60_000, 'must be at most 60000')
      .default(0),
    SECRETS_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => secretsKeyBytes(value) !== undefined, { message: SECRETS_KEY_FORMAT })
        .optional(),
    ),
    INTEGRATION_ALLOW_HTTP: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    INTEGRATION_ALLOW_PRIVATE_NETWORKS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value) => value.split(',').map((network) => network.trim()))
        .refine((networks) => networks.every((network) => parseNetwork(network) !== undefined), {
          message: 'must be addresses or networks separated by commas, e.g. 127.0.0.1/32,10.20.0.0/16',
        })
        .optional(),
    ),
    JOB_POLL_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(60_000, 'must be at most 60000')
      .default(1000),
    DEFAULT_TIME_ZONE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => canonicalTimeZone(value) !== null, {
          message: 'must be an IANA time zone, e.g. America/Chicago',
        })
        .optional(),
    ),
    INVOICE_REMINDER_DAYS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\s*\d{1,4}\s*(,\s*\d{1,4}\s*)*$/, {
          message: 'must be days past due separated by commas, e.g. 7,30,60',
        })
        .transform((value) => [...new Set(value.split(',').map(Number))].sort((a, b) => a - b))
        .refine((days) => days.every((day) => day >= 1), { message: 'must list days of at least 1' })
        .optional(),
    ),
    CCC_INBOX_DIR: optionalString,
    CCC_MAX_FILE_BYTES: z.coerce
      .number({ message: 'must be a number of bytes' })
      .int('must be a whole number of bytes')
      .min(1024, 'must be at least 1024')
      .max(100 * 1024 * 1024, 'must be at most 104857600 (100 MiB)')
      .default(10 * 1024 * 1024),
    CCC_INBOX_POLL_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(1000, 'must be at least 1000')
      .default(60_000),
  })
  .refine((env) => !env.DATABASE_READ_URL || env.DATABASE_URL, {
    path: ['DATABASE_READ_URL'],
    message: 'needs DATABASE_URL (a replica of that PostgreSQL database)',
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    /** A streaming replica of DATABASE_URL that read-only report queries (reports, exports) run on. */
    databaseReadUrl: env.DATABASE_READ_URL,
    /** PostgreSQL cancels any statement running longer, so a slow query cannot hold pool connections for ever. */
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    initialAdminUsername: env.INITIAL_ADMIN_USERNAME,
    initialAdminPassword: env.INITIAL_ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    /** The proxies whose forwarded headers are believed (addresses, CIDR ranges), or false: none. */
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /**
     * Behind a load balancer: how long after SIGTERM the process still serves while `/api/ready` answers 503,
     * so the health check takes it out before it closes its connections (0: close at once).
     */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    /** How often the job runner looks for due runs (one indexed query when none is due). */
    jobPollMs: env.JOB_POLL_MS,
    /**
     * Encrypts stored integration secrets (the Tekmetric client secret); without it none can be stored. Unset on the
     * embedded database, the start reads or makes `DATA_DIR/secrets.key` (secrets-key.ts, decision 041).
     */
    secretsKey: env.SECRETS_KEY ? secretsKeyBytes(env.SECRETS_KEY) : undefined,
    /**
     * What a URL an admin types for an integration (the Tekmetric custom base URL) may point at, beyond https on a
     * public address (src/server/outbound-url.ts).
     */
    integrationUrls: {
      allowHttp: env.INTEGRATION_ALLOW_HTTP,
      privateNetworks: env.INTEGRATION_ALLOW_PRIVATE_NETWORKS ?? [],
    },
    /** The time zone a new company gets unless its form names one (default: the process's own zone). */
    defaultTimeZone:
      canonicalTimeZone(env.DEFAULT_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC',
    /** Days past due at which an overdue invoice gets its reminder mails (each once). */
    invoiceReminderDays: env.INVOICE_REMINDER_DAYS ?? [...DEFAULT_INVOICE_REMINDER_DAYS],
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    /** Where uploads are written while they are checked, on the same disk as the data. */
    uploadTempDir: path.join(path.resolve(env.DATA_DIR), 'tmp'),
    ccc: {
      /** The folder another program drops BMS estimate files into (then `processed/` or `failed/`). */
      inboxDir: env.CCC_INBOX_DIR
        ? path.resolve(env.CCC_INBOX_DIR)
        : path.join(path.resolve(env.DATA_DIR), 'ccc-inbox'),
      /** The largest estimate file accepted, uploaded or dropped. */
      maxFileBytes: env.CCC_MAX_FILE_BYTES,
      /** How often the inbox folder is looked at (a job of the runner). */
      pollEveryMs: env.CCC_INBOX_POLL_MS,
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuerUrl: env.GOOGLE_ISSUER_URL!,
          }
        : undefined,
  }));

export type Config = z.output<typeof configSchema>;

const SECRET_VARIABLES = new Set(['SECRETS_KEY', 'GOOGLE_CLIENT_SECRET', 'INITIAL_ADMIN_PASSWORD']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration; a bad value throws one line naming the variable and what it must be. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'configuration');
  // A secret is never repeated in the error line (it ends up in logs).
  const got = SECRET_VARIABLES.has(variable) ? undefined : env[variable];
  throw new ConfigError(
    `Invalid configuration: ${variable} ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
  );
}
