import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { exitGracefullyOnSignals, startServer } from './server.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createLogger(config);
const startedAt = performance.now();
try {
  const { app, url } = await startServer(config, logger);
  exitGracefullyOnSignals(app, logger, {
    timeoutMs: config.shutdownTimeoutMs,
    drainMs: config.shutdownDrainMs,
  });
  logger.info(
    {
      database: config.databaseUrl ? 'postgres' : 'pglite',
      startupMs: Math.round(performance.now() - startedAt),
    },
    `FleetClaims is ready at ${url}`,
  );
} catch (error) {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
}
