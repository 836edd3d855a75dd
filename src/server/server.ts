import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { smtpSender } from './jobs/mail-outbox.js';
import { backgroundJobs } from './jobs/registry.js';
import { createJobRunner } from './jobs/runner/index.js';
import { ensureInitialAdmin } from './modules/users/index.js';
import { settleSecretsKey } from './secrets-key.js';

/** The built web app, found next to the bundled server (dist/server → dist/web) or from the source tree. */
function findWebRoot(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')].find((dir) =>
    fs.existsSync(path.join(dir, 'index.html')),
  );
}

export function databaseTargetFor(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        readUrl: config.databaseReadUrl,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export interface RunningServer {
  app: App;
  url: string;
}

/**
 * Opens the database, applies migrations, builds the app and listens. `beforeListen` lets a test fixture add
 * routes to the real server.
 */
export async function startServer(
  givenConfig: Config,
  logger: FastifyBaseLogger,
  options: { beforeListen?: (app: App, database: DatabaseHandle) => void | Promise<void> } = {},
): Promise<RunningServer> {
  const database = await openDatabase(databaseTargetFor(givenConfig));
  await runMigrations(database);
  await ensureInitialAdmin(database.db, givenConfig, logger);
  const config = await settleSecretsKey(givenConfig, database.db, logger);
  const app = await buildApp({ config, database, webRoot: findWebRoot(), logger });
  // All background work (mail delivery, the hourly clean-up, …) runs on the one job runner (decision 019).
  const mailSender = config.smtpUrl ? smtpSender(config.smtpUrl) : null;
  const jobRunner = createJobRunner({
    db: database.db,
    availability: database.availability,
    logger,
    jobs: backgroundJobs(config, { mailSender }),
    pollEveryMs: config.jobPollMs,
  });
  jobRunner.start();
  app.addHook('onClose', async () => {
    // Handlers of requests whose clients have gone still run, and so do job runs: both need the database.
    const jobsStopped = jobRunner.stop().finally(() => mailSender?.close());
    await Promise.all([jobsStopped, app.handlersSettled()]);
    await database.close();
  });
  await options.beforeListen?.(app, database);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { app, url: `http://localhost:${port}` };
}

/**
 * On SIGTERM or SIGINT: answer not ready for `drainMs` while still serving (a load balancer's health check
 * takes the process out), then stop accepting connections, let requests in flight finish, close the database,
 * exit. A request still running `timeoutMs` after that does not keep the process alive forever.
 */
export function exitGracefullyOnSignals(
  app: App,
  logger: FastifyBaseLogger,
  { timeoutMs, drainMs }: { timeoutMs: number; drainMs: number },
) {
  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.lifecycle.draining = true;
    if (drainMs > 0) {
      logger.info(
        { signal, drainMs },
        'shutting down: not ready, still serving while the load balancer notices',
      );
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    setTimeout(() => {
      logger.error('requests still running after the shutdown timeout; exiting anyway');
      process.exit(1);
    }, timeoutMs).unref();
    app.close().then(
      () => {
        logger.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}
