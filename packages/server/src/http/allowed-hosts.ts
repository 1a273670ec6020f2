import type { FastifyRequest } from 'fastify';
import { hostName, LOOPBACK_NAMES } from '../accounts/local-request.js';
import { AppError } from '../catalogue/app-error.js';

/** The Host header's port, or undefined when it names none. */
function portOf(host: string): string | undefined {
  const colon = host.lastIndexOf(':');
  return colon > host.lastIndexOf(']') ? host.slice(colon + 1) : undefined;
}

/** Whether a Host names this server: a loopback name at the port it serves, or a public host. */
function allowed(host: string, localPort: number | undefined, publicHosts: ReadonlySet<string>) {
  const lower = host.toLowerCase();
  if (publicHosts.has(lower) || publicHosts.has(hostName(lower))) return true;
  if (!LOOPBACK_NAMES.has(hostName(lower))) return false;
  // Injected requests (tests) have no port of their own.
  if (localPort === undefined) return true;
  return (portOf(lower) ?? '80') === String(localPort);
}

/** The Host values a request states: its own, and the proxy's X-Forwarded-Host when trusted. */
function statedHosts(request: FastifyRequest): string[] {
  const hosts = [request.headers.host ?? ''];
  if (request.headers['x-forwarded-host'] !== undefined) hosts.push(request.host);
  return hosts;
}

/**
 * Whether a request's Host is this server's, as the first thing every request is asked (see
 * arrival-hook.ts): the refusal (421 MISDIRECTED_REQUEST) of one that is not, else undefined. A
 * page of another site that has rebound its own name to this machine (DNS rebinding) sends its
 * own name as Host. Allowed: localhost, 127.0.0.1 and [::1] at the port served, and the public
 * host names given (`host` or `host:port`).
 */
export function hostRefusal(
  publicHosts: readonly string[] = [],
): (request: FastifyRequest) => AppError | undefined {
  const hosts = new Set(publicHosts.map((h) => h.toLowerCase()));
  return (request) => {
    const localPort = request.raw.socket?.localPort;
    const refused = statedHosts(request).find((host) => !allowed(host, localPort, hosts));
    if (refused === undefined) return undefined;
    return new AppError(
      'MISDIRECTED_REQUEST',
      `This server does not answer to the host \`${refused.slice(0, 100)}\`: open it at its own address (specrun start --public-host names more).`,
    );
  };
}
