import pino from 'pino';
import type { Config } from './config.js';

/**
 * JSON lines for machines; readable lines when a person watches a terminal (LOG_FORMAT=pretty, the default
 * when standard output is a TTY).
 */
export function createLogger(config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>) {
  const pretty = (config.logFormat ?? 'json') === 'pretty';
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/** What services need of a logger: the request's (Fastify's is pino) or the process's, without Fastify. */
export type Log = Pick<pino.BaseLogger, 'info' | 'warn' | 'error'>;
