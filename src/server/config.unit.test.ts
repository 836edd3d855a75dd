import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:5000');
    expect(config.initialAdminUsername).toBe('admin');
    expect(config.logLevel).toBe('info');
    expect(config.uploadMaxBytes).toBe(25 * 1024 * 1024);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('takes DATABASE_READ_URL only beside DATABASE_URL', () => {
    const replica = 'postgres://reader@replica:5432/fleetclaims';
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app@primary:5432/fleetclaims', DATABASE_READ_URL: replica })
        .databaseReadUrl,
    ).toBe(replica);
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(
      `Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (a replica of that PostgreSQL database) (got "${replica}")`,
    );
  });

  it('reads INVOICE_REMINDER_DAYS as days past due, sorted, each once', () => {
    expect(loadConfig({}).invoiceReminderDays).toEqual([7, 30, 60]);
    expect(loadConfig({ INVOICE_REMINDER_DAYS: '45, 10,10' }).invoiceReminderDays).toEqual([10, 45]);
    expect(() => loadConfig({ INVOICE_REMINDER_DAYS: '7;30' })).toThrow(
      'Invalid configuration: INVOICE_REMINDER_DAYS must be days past due separated by commas, e.g. 7,30,60 (got "7;30")',
    );
    expect(() => loadConfig({ INVOICE_REMINDER_DAYS: '0,7' })).toThrow('must list days of at least 1');
  });

  it('reads SECRETS_KEY as 32 bytes of hex or base64, and never repeats a bad one', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_KEY: base64 }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(() => loadConfig({ SECRETS_KEY: 'too-short-secret' })).toThrow(
      'Invalid configuration: SECRETS_KEY must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)',
    );
    expect(() => loadConfig({ SECRETS_KEY: 'too-short-secret' })).not.toThrow(/too-short-secret/);
  });

  it('reads the integration URL allowances, strict by default', () => {
    expect(loadConfig({}).integrationUrls).toEqual({ allowHttp: false, privateNetworks: [] });
    expect(
      loadConfig({
        INTEGRATION_ALLOW_HTTP: 'true',
        INTEGRATION_ALLOW_PRIVATE_NETWORKS: '127.0.0.1, 10.20.0.0/16,fd00::/8',
      }).integrationUrls,
    ).toEqual({ allowHttp: true, privateNetworks: ['127.0.0.1', '10.20.0.0/16', 'fd00::/8'] });
    expect(() => loadConfig({ INTEGRATION_ALLOW_PRIVATE_NETWORKS: '10.0.0.0/33' })).toThrow(
      'Invalid configuration: INTEGRATION_ALLOW_PRIVATE_NETWORKS must be addresses or networks separated by commas, e.g. 127.0.0.1/32,10.20.0.0/16 (got "10.0.0.0/33")',
    );
    expect(() => loadConfig({ INTEGRATION_ALLOW_HTTP: 'yes' })).toThrow(
      'INTEGRATION_ALLOW_HTTP must be true or false',
    );
  });

  it('reads DEFAULT_TIME_ZONE as an IANA zone, defaulting to the process’s own', () => {
    expect(loadConfig({ DEFAULT_TIME_ZONE: 'europe/berlin' }).defaultTimeZone).toBe('Europe/Berlin');
    expect(loadConfig({}).defaultTimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => loadConfig({ DEFAULT_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'Invalid configuration: DEFAULT_TIME_ZONE must be an IANA time zone, e.g. America/Chicago (got "Mars/Olympus")',
    );
  });

  it('reads TRUST_PROXY as the proxies’ addresses, and refuses true or a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'Invalid configuration: TRUST_PROXY no longer takes true (it trusted any X-Forwarded-For a client sent): list the proxies’ addresses, e.g. 127.0.0.1 or 10.0.0.0/8,127.0.0.1 (got "true")',
    );
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(
      'Invalid configuration: TRUST_PROXY takes the proxies’ addresses, not a hop count (a hop count cannot tell the proxy from a client that connects directly), e.g. 127.0.0.1 or 10.0.0.0/8,127.0.0.1 (got "1")',
    );
    for (const bad of ['10.0.0.0/33', 'haproxy.local', '10.0.0.1,', '::1/129', '300.1.1.1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        `Invalid configuration: TRUST_PROXY must be false or the proxies’ addresses separated by commas: IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal (got "${bad}")`,
      );
    }
  });

  it('strips a trailing slash from APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://claims.example.com/' }).appUrl).toBe('https://claims.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a URL such as postgres://user@host:5432/db (got "mysql://x")',
    ],
    [
      { SMTP_URL: 'localhost:25' },
      'Invalid configuration: SMTP_URL must be a URL such as smtp://127.0.0.1:2525 (got "localhost:25")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { UPLOAD_MAX_BYTES: '25MB' },
      'Invalid configuration: UPLOAD_MAX_BYTES must be a number of bytes (got "25MB")',
    ],
  ])('stops with one line naming the variable for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
