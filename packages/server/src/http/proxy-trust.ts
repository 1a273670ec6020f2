import { isIP } from 'node:net';

/**
 * Which proxies are trusted to say who the client is (X-Forwarded-For, -Proto, -Host): `true` or
 * a number of hops (the proxies nearest the server), or addresses and CIDR ranges of the proxies
 * (`loopback`, `linklocal` and `uniquelocal` name the usual ranges). Never the left-most address
 * of the header, which the client writes itself.
 */
export type TrustProxy = boolean | number | readonly string[];

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(text: string): boolean {
  if (RANGE_NAMES.has(text)) return true;
  const [address, bits, ...more] = text.split('/');
  if (more.length > 0 || !address || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/**
 * Reads `--trust-proxy`'s value: a number of hops, or proxy addresses separated by commas.
 * Throws, saying what it takes, on anything else.
 */
export function parseTrustProxy(text: string): TrustProxy {
  if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 64) return Number(text);
  const addresses = text.split(',').map((a) => a.trim());
  const bad = addresses.filter((a) => !isAddressOrRange(a));
  if (bad.length === 0) return addresses;
  throw new Error(
    `--trust-proxy takes a number of proxies (1 to 64) or their addresses and ranges separated by commas (127.0.0.1, 10.0.0.0/8, loopback), not \`${bad.join(', ')}\``,
  );
}

/**
 * The trustProxy option Fastify is given. Hops become a function: Fastify's own number option
 * ignores the forwarded headers altogether. `true` is one hop, the proxy in front.
 */
export function proxyTrust(
  option: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (option === undefined || option === false) return false;
  if (Array.isArray(option)) return [...option];
  const hops = option === true ? 1 : (option as number);
  return (_address, hop) => hop < hops;
}

/** Whether a proxy is configured at all. */
export const behindProxy = (option: TrustProxy | undefined) =>
  option !== undefined && option !== false && !(Array.isArray(option) && option.length === 0);
