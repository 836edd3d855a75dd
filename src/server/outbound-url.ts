import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The rule for a URL an admin types and the server then calls with a secret (the Tekmetric custom base URL;
 * webhooks next): https, on a public address, unless the operator allows more (INTEGRATION_ALLOW_HTTP,
 * INTEGRATION_ALLOW_PRIVATE_NETWORKS, docs/architecture.md "Outbound URLs"). A host name counts by every address
 * it resolves to, so a public-looking name pointing at 127.0.0.1 is refused like 127.0.0.1. Checked when the URL
 * is saved (a 400 on the field) and again before each use (its DNS answer may have changed since).
 */

export interface OutboundUrlRules {
  /** http:// is allowed too (INTEGRATION_ALLOW_HTTP=true), e.g. a test double or a proxy on the same host. */
  allowHttp: boolean;
  /** Loopback, private or link-local networks the operator allows (INTEGRATION_ALLOW_PRIVATE_NETWORKS), as CIDRs. */
  privateNetworks: readonly string[];
}

export const STRICT_OUTBOUND_RULES: OutboundUrlRules = { allowHttp: false, privateNetworks: [] };

/** Every address a host name resolves to (the system's resolver, /etc/hosts included). */
export type HostLookup = (hostname: string) => Promise<string[]>;

const systemLookup: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

export type OutboundUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** Addresses that are not the public internet: loopback, private, link-local, shared, reserved, multicast. */
const NOT_PUBLIC: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata services)
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];
const notPublic = new BlockList();
for (const [network, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(network, prefix, family);

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** `a.b.c.d` or `a.b.c.d/n`, IPv6 likewise; undefined when it is neither. */
export function parseNetwork(
  value: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText, ...rest] = value.trim().split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

function allowedList(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const network of networks) {
    const parsed = parseNetwork(network);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/** Whether an address is outside the public internet (IPv4-mapped IPv6 addresses count as their IPv4). */
export function isNonPublicAddress(address: string): boolean {
  return notPublic.check(address, familyOf(address));
}

const HTTP_REFUSED =
  'The URL must start with https:// (this server calls integrations over http only when its operator sets INTEGRATION_ALLOW_HTTP=true)';
const privateRefused = (what: string) =>
  `${what} a loopback, private or link-local address, which this server does not call unless its operator allows the network in INTEGRATION_ALLOW_PRIVATE_NETWORKS`;

/** Checks a URL against the rules; answers why not in a sentence fit for the form field. */
export async function checkOutboundUrl(
  value: string,
  rules: OutboundUrlRules,
  resolve: HostLookup = systemLookup,
): Promise<OutboundUrlCheck> {
  if (!URL.canParse(value)) return { ok: false, message: 'Enter a URL such as https://api.example.com' };
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp))
    return { ok: false, message: HTTP_REFUSED };
  if (url.username || url.password)
    return { ok: false, message: 'The URL must not contain a user name or password' };
  // The WHATWG parser has already turned 2130706433 or 0x7f.1 into 127.0.0.1; IPv6 comes in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host) !== 0;
  let addresses: string[];
  try {
    addresses = literal ? [host] : await resolve(host);
  } catch {
    return { ok: false, message: `The host name ${host} could not be resolved` };
  }
  if (addresses.length === 0) return { ok: false, message: `The host name ${host} could not be resolved` };
  const allowed = allowedList(rules.privateNetworks);
  for (const address of addresses) {
    if (!isNonPublicAddress(address) || allowed.check(address, familyOf(address))) continue;
    return {
      ok: false,
      message: privateRefused(literal ? `${address} is` : `${host} resolves to ${address},`),
    };
  }
  return { ok: true, url };
}
