import pino from 'pino';
import type { Config } from './config.js';
import { redactSecrets } from './log-redaction.js';

/**
 * JSON lines for machines; readable lines when a person watches a terminal (LOG_FORMAT=pretty, the default
 * when standard output is a TTY). `destination` (JSON only) is where tests read the lines back. Every line is
 * written through `redactSecrets` (log-redaction.ts): the request log's URL, messages and errors alike.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>,
  destination?: pino.DestinationStream,
) {
  const pretty = (config.logFormat ?? 'json') === 'pretty';
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    hooks: { streamWrite: redactSecrets },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return pretty || !destination ? pino(options) : pino(options, destination);
}

/** What services need of a logger: the request's (Fastify's is pino) or the process's, without Fastify. */
export type Log = Pick<pino.BaseLogger, 'info' | 'warn' | 'error'>;
