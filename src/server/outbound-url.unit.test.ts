import { describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isNonPublicAddress,
  STRICT_OUTBOUND_RULES,
  type HostLookup,
} from './outbound-url.js';

/** A resolver answering from a table, as a DNS server the attacker controls would. */
const dns =
  (answers: Record<string, string[]>): HostLookup =>
  async (hostname) => {
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };

describe('outbound URLs', () => {
  it('sorts addresses into public and not (loopback, private, link-local, reserved; IPv4-mapped IPv6 too)', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ])
      expect(isNonPublicAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '52.6.1.2', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])
      expect(isNonPublicAddress(address), address).toBe(false);
  });

  it('takes https on a public address, and refuses http, credentials and names resolving to private addresses', async () => {
    const resolve = dns({
      'api.example.com': ['93.184.215.14'],
      'rebind.example.com': ['93.184.215.14', '10.0.0.5'],
      'v6.example.com': ['fd00::7'],
    });
    const check = (url: string) => checkOutboundUrl(url, STRICT_OUTBOUND_RULES, resolve);
    expect(await check('https://api.example.com/tek')).toMatchObject({ ok: true });
    expect(await check('http://api.example.com')).toEqual({
      ok: false,
      message:
        'The URL must start with https:// (this server calls integrations over http only when its operator sets INTEGRATION_ALLOW_HTTP=true)',
    });
    expect(await check('ftp://api.example.com')).toMatchObject({ ok: false });
    expect(await check('https://user:pw@api.example.com')).toEqual({
      ok: false,
      message: 'The URL must not contain a user name or password',
    });
    // One private answer among public ones is enough to refuse.
    expect(await check('https://rebind.example.com')).toEqual({
      ok: false,
      message:
        'rebind.example.com resolves to 10.0.0.5, a loopback, private or link-local address, which this server does not call unless its operator allows the network in INTEGRATION_ALLOW_PRIVATE_NETWORKS',
    });
    expect(await check('https://v6.example.com')).toMatchObject({
      ok: false,
      message: /resolves to fd00::7/,
    });
    expect(await check('https://0x7f.1:8443')).toMatchObject({
      ok: false,
      message: /^127\.0\.0\.1 is a loopback/,
    });
    expect(await check('https://nowhere.example.com')).toEqual({
      ok: false,
      message: 'The host name nowhere.example.com could not be resolved',
    });
    expect(await check('not a url')).toMatchObject({ ok: false, message: /Enter a URL/ });
  });

  it('lets the operator allow http and exactly the private networks named', async () => {
    const resolve = dns({ 'tek.internal': ['10.20.0.8'], 'db.internal': ['10.30.0.2'] });
    const rules = { allowHttp: true, privateNetworks: ['10.20.0.0/16', '::1'] };
    const check = (url: string) => checkOutboundUrl(url, rules, resolve);
    expect(await check('http://tek.internal:8080')).toMatchObject({ ok: true });
    expect(await check('https://[::1]:8443')).toMatchObject({ ok: true });
    expect(await check('https://db.internal')).toMatchObject({
      ok: false,
      message: /resolves to 10\.30\.0\.2/,
    });
    expect(await check('https://127.0.0.1')).toMatchObject({ ok: false });
  });
});
