import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The names of this machine a browser on it uses, with the brackets an IPv6 Host has. */
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

// Headers a proxy adds: a request that carries one came through something else first.
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/** Whether an address is this machine's own: 127.0.0.0/8 or ::1 (also as ::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined || isIP(address) === 0) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

/** The host name of a Host header, lower case, without its port. */
export function hostName(host: string): string {
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.lastIndexOf(':');
  return (end > 0 ? host.slice(0, end) : host).toLowerCase();
}

/**
 * Whether a request was made on this very machine, directly: from a loopback address, to a
 * loopback name, through no proxy. Behind a configured proxy no request is local (the proxy
 * itself connects from loopback, whoever is behind it).
 */
export function isLocalRequest(request: FastifyRequest, behindProxy: boolean): boolean {
  if (behindProxy) return false;
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  if (FORWARDED.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK_NAMES.has(hostName(request.headers.host ?? ''));
}
