import type { FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';

/** Methods that change something; the others must not, so they need no protection. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether the Origin header names another host than the one the request was sent to. */
function foreignOrigin(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    const to = new URL(`${from.protocol}//${host}`);
    const port = (url: URL) => url.port || DEFAULT_PORTS[url.protocol] || '';
    return from.hostname !== to.hostname || port(from) !== port(to);
  } catch {
    // `null` (a sandboxed or privacy-sensitive context) or anything unreadable: not ours.
    return true;
  }
}

/**
 * Whether the browser says the request comes from another site: Sec-Fetch-Site other than
 * same-origin or none (typed in, bookmarks), or an Origin whose host is not the request's Host
 * (request.host, which follows X-Forwarded-Host under trustProxy). Clients that send neither
 * header are not browsers, and carry no cookie a page could abuse.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  return origin !== undefined && foreignOrigin(origin, request.host);
}

/** The answer to a write another site tried to make with the user's cookie. */
export function crossSiteRefusal(): AppError {
  return new AppError(
    'FORBIDDEN',
    'Cross-site request refused: changes must come from the application’s own pages.',
  );
}
