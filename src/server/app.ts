import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { googleRoutes } from './modules/auth/google.routes.js';
import { authorizationsRoutes } from './modules/authorizations/authorizations.routes.js';
import { emailTemplatesRoutes } from './modules/mail/email-templates.routes.js';
import { claimReportRoutes } from './modules/claim-report/claim-report.routes.js';
import { claimBoardRoutes } from './modules/claim-board/claim-board.routes.js';
import { claimsRoutes } from './modules/claims/claims.routes.js';
import { vehiclesRoutes } from './modules/claims/vehicles.routes.js';
import { windowTagRoutes } from './modules/claims/window-tag.routes.js';
import { invoicesRoutes } from './modules/accounting/invoices.routes.js';
import { paymentsRoutes } from './modules/accounting/payments.routes.js';
import { agingRoutes } from './modules/accounting/aging.routes.js';
import { cccRoutes } from './modules/ccc/ccc.routes.js';
import { estimatesRoutes } from './modules/estimates/estimates.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { reportSubscriptionsRoutes } from './modules/reports/report-subscriptions.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { facilitiesRoutes } from './modules/facilities/facilities.routes.js';
import { locationsRoutes } from './modules/locations/locations.routes.js';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { tekmetricRoutes } from './modules/tekmetric/tekmetric.routes.js';
import { outboxRoutes } from './modules/mail/outbox.routes.js';
import { setupChecklistRoutes } from './modules/setup/setup-checklist.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createDiskStorage } from './storage/file-storage.js';
import { scheduleDatabaseWorkByRequest } from './plugins/fair-gate.js';
import { trackHandlersInFlight } from './plugins/handlers-in-flight.js';
import { requireDeclaredAccess } from './plugins/access.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerSessions } from './plugins/session.js';
import { registerSpa } from './plugins/spa.js';
import { refuseNulCharacters } from './plugins/refuse-nul.js';
import { setNotificationLinkBase } from './modules/notifications/notification-mail.js';

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
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, { https: config.appUrl.startsWith('https:') });
  await app.register(compress, { threshold: 1024 });
  database.availability.setLogger(app.log);
  registerErrorHandling(app, database.availability);
  refuseNulCharacters(app);
  trackHandlersInFlight(app);
  await registerSessions(app, { db: database.db, appUrl: config.appUrl });
  requireDeclaredAccess(app);
  await registerApiDocs(app, { https: config.appUrl.startsWith('https:') });

  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  await app.register(healthRoutes, { database, lifecycle });
  await app.register(authRoutes, { db: database.db });
  await app.register(googleRoutes, { db: database.db, appUrl: config.appUrl, google: config.google });
  await app.register(passwordResetRoutes, { db: database.db, appUrl: config.appUrl });
  await app.register(usersRoutes, {
    db: database.db,
    appUrl: config.appUrl,
    mailConfigured: config.smtpUrl !== undefined,
  });
  await app.register(profileRoutes, { db: database.db, storage });
  await app.register(settingsRoutes, { db: database.db });
  await app.register(notificationsRoutes, { db: database.db });
  await app.register(emailTemplatesRoutes, { db: database.db });
  await app.register(outboxRoutes, { db: database.db });
  await app.register(companiesRoutes, { db: database.db, defaultTimeZone: config.defaultTimeZone });
  await app.register(locationsRoutes, { db: database.db });
  await app.register(facilitiesRoutes, { db: database.db });
  await app.register(claimsRoutes, { db: database.db, readDb: database.readDb, storage });
  await app.register(windowTagRoutes, { db: database.db });
  await app.register(attachmentsRoutes, {
    db: database.db,
    storage,
    maxBytes: config.uploadMaxBytes,
    tempDir: config.uploadTempDir,
  });
  await app.register(vehiclesRoutes, { db: database.db });
  await app.register(claimReportRoutes, { db: database.db, storage });
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
  await app.register(reportSubscriptionsRoutes, { db: database.db });
  await app.register(supportRoutes, { db: database.db, appUrl: config.appUrl });
  await app.register(tekmetricRoutes, { db: database.db, secretsKey: config.secretsKey });
  await app.register(invoicesRoutes, { db: database.db });
  await app.register(paymentsRoutes, { db: database.db });
  await app.register(agingRoutes, { db: database.db });

  await registerSpa(app, webRoot);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
