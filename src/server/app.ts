import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { apiTokensRoutes } from './modules/api-tokens/index.js';
import { attachmentsRoutes } from './modules/attachments/index.js';
import { authRoutes, googleRoutes, passwordResetRoutes } from './modules/auth/index.js';
import { authorizationsRoutes } from './modules/authorizations/index.js';
import { emailTemplatesRoutes, outboxRoutes } from './modules/mail/index.js';
import { claimPackRoutes, claimReportRoutes } from './modules/claim-report/index.js';
import { shopLinkRoutes } from './modules/shop-links/index.js';
import { driverReportRoutes, reportLinkRoutes } from './modules/driver-reports/index.js';
import { claimBoardRoutes } from './modules/claim-board/index.js';
import { claimsRoutes, vehiclesRoutes, windowTagRoutes } from './modules/claims/index.js';
import { invoicesRoutes, paymentsRoutes, agingRoutes } from './modules/accounting/index.js';
import { cccRoutes } from './modules/ccc/index.js';
import { estimatesRoutes } from './modules/estimates/index.js';
import { companiesRoutes } from './modules/companies/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { reportSubscriptionsRoutes, reportsRoutes } from './modules/reports/index.js';
import { facilitiesRoutes } from './modules/facilities/index.js';
import { locationsRoutes } from './modules/locations/index.js';
import { healthRoutes } from './modules/health/index.js';
import { notificationsRoutes, setNotificationLinkBase } from './modules/notifications/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { supportRoutes } from './modules/support/index.js';
import { tekmetricRoutes } from './modules/tekmetric/index.js';
import { setupChecklistRoutes } from './modules/setup/index.js';
import { usersRoutes } from './modules/users/index.js';
import { webhooksRoutes } from './modules/webhooks/index.js';
import { createDiskStorage } from './storage/file-storage.js';
import { scheduleDatabaseWorkByRequest } from './plugins/fair-gate.js';
import { trackHandlersInFlight } from './plugins/handlers-in-flight.js';
import { requireDeclaredAccess } from './plugins/access.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerSessions } from './plugins/session.js';
import { auditImpersonatedWrites } from './plugins/impersonation-audit.js';
import { registerSpa } from './plugins/spa.js';
import { refuseNulCharacters } from './plugins/refuse-nul.js';
import { registerIdempotencyKeys } from './plugins/idempotency.js';
import { decompressOnlyBodies } from './plugins/route-hooks.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Folder of the built web app; omitted in API-only tests. */
  webRoot?: string;
  /** A pino logger; omitted, the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Where the process is in its life, for the readiness check: draining once SIGTERM has arrived. */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Builds the whole HTTP application: external plugins, then our cross-cutting plugins, then modules. */
export async function buildApp({ config, database, webRoot, logger }: AppOptions) {
  const storage = createDiskStorage(path.join(config.dataDir, 'uploads'));
  setNotificationLinkBase(config.appUrl);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Requests already being handled when shutdown starts finish; a new request on a kept-alive connection
    // gets 503 (retry elsewhere) rather than reaching a database that is about to close (decision 003).
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // First, so that every later hook's queries (the session lookup) count as the request's.
  if (database.gate) scheduleDatabaseWorkByRequest(app, database.gate);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, { https: config.appUrl.startsWith('https:') });
  // Before compression: a kept outcome is the text the route serialized (decision 040).
  registerIdempotencyKeys(app, database.db);
  decompressOnlyBodies(app);
  await app.register(compress, { threshold: 1024 });
  database.availability.setLogger(app.log);
  registerErrorHandling(app, database.availability);
  refuseNulCharacters(app);
  trackHandlersInFlight(app);
  await registerSessions(app, { db: database.db, appUrl: config.appUrl });
  auditImpersonatedWrites(app, { db: database.db });
  requireDeclaredAccess(app);
  await registerApiDocs(app, { https: config.appUrl.startsWith('https:') });

  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  await app.register(healthRoutes, { database, lifecycle });
  await app.register(authRoutes, { db: database.db });
  await app.register(googleRoutes, { db: database.db, appUrl: config.appUrl, google: config.google });
  await app.register(passwordResetRoutes, { db: database.db, appUrl: config.appUrl });
  const mailConfigured = config.smtpUrl !== undefined;
  await app.register(usersRoutes, { db: database.db, appUrl: config.appUrl, mailConfigured });
  await app.register(profileRoutes, { db: database.db, storage });
  await app.register(settingsRoutes, { db: database.db });
  await app.register(notificationsRoutes, { db: database.db, defaultTimeZone: config.defaultTimeZone });
  await app.register(emailTemplatesRoutes, { db: database.db, mailConfigured });
  await app.register(outboxRoutes, { db: database.db, mailConfigured });
  await app.register(companiesRoutes, { db: database.db, defaultTimeZone: config.defaultTimeZone });
  await app.register(locationsRoutes, { db: database.db });
  await app.register(facilitiesRoutes, { db: database.db });
  await app.register(claimsRoutes, { db: database.db, readDb: database.readDb, storage });
  const reportLinkKeys = { appUrl: config.appUrl, secretsKey: config.secretsKey };
  await app.register(windowTagRoutes, { db: database.db });
  await app.register(attachmentsRoutes, {
    db: database.db,
    storage,
    maxBytes: config.uploadMaxBytes,
    tempDir: config.uploadTempDir,
  });
  await app.register(vehiclesRoutes, { db: database.db });
  await app.register(claimReportRoutes, { db: database.db, storage });
  await app.register(claimPackRoutes, { db: database.db, storage, appUrl: config.appUrl });
  await app.register(shopLinkRoutes, {
    db: database.db,
    storage,
    appUrl: config.appUrl,
    maxBytes: config.uploadMaxBytes,
    tempDir: config.uploadTempDir,
  });
  await app.register(driverReportRoutes, {
    db: database.db,
    storage,
    maxBytes: config.uploadMaxBytes,
    tempDir: config.uploadTempDir,
  });
  await app.register(reportLinkRoutes, { db: database.db, keys: reportLinkKeys });
  await app.register(estimatesRoutes, { db: database.db });
  await app.register(cccRoutes, { db: database.db, ccc: config.ccc });
  await app.register(authorizationsRoutes, { db: database.db });
  await app.register(claimBoardRoutes, { db: database.db });
  await app.register(dashboardRoutes, { db: database.db });
  await app.register(setupChecklistRoutes, { db: database.db });
  // Computed on a replica when DATABASE_READ_URL is set; their kept answers (decision 035) are on the primary.
  await app.register(reportsRoutes, {
    db: database.db,
    readDb: database.readDb,
    defaultTimeZone: config.defaultTimeZone,
  });
  await app.register(reportSubscriptionsRoutes, { db: database.db, mailConfigured });
  await app.register(supportRoutes, { db: database.db, appUrl: config.appUrl });
  await app.register(tekmetricRoutes, {
    db: database.db,
    secretsKey: config.secretsKey,
    integrationUrls: config.integrationUrls,
  });
  await app.register(invoicesRoutes, { db: database.db, mailConfigured });
  await app.register(paymentsRoutes, { db: database.db });
  await app.register(agingRoutes, { db: database.db });
  await app.register(apiTokensRoutes, { db: database.db });
  await app.register(webhooksRoutes, {
    db: database.db,
    secretsKey: config.secretsKey,
    integrationUrls: config.integrationUrls,
  });

  await registerSpa(app, webRoot);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
