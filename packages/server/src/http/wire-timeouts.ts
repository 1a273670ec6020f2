import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { EngineLimits } from '@specrun/model';

// Node looks for requests past their headers or request timeout this often (30 s by default,
// which would let a slow client stay up to 30 s beyond its limit).
const CHECK_INTERVAL_MS = 1000;

/**
 * The server's timeouts from section 9: a client that trickles its headers or its body is cut
 * off (408), an idle kept-alive connection closed, and a connection that goes silent while
 * served (a client that stops reading its answer) dropped. Normal clients never come near them.
 */
export function wireTimeouts(limits: EngineLimits): FastifyHttpOptions<Server> {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
  };
}
