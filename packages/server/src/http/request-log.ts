import type { FastifyInstance } from 'fastify';
import { actorOf } from './actor-of.js';

/**
 * One structured line per request, once it is answered, so that an attack leaves a trace:
 * method, route pattern (`/api/tickets/:id`: never the URL, which carries ids and filters),
 * status, time in milliseconds and, when someone is signed in, their user id. Never a body, a
 * cookie or a token. Written at `info`: a server whose logger is quieter (or off, as in tests)
 * adds no hook at all, so the request path pays nothing.
 */
export function logRequests(app: FastifyInstance): void {
  // Fastify's stand-in for no logger has no levels at all.
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  if (!log.isLevelEnabled?.('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    const user = actorOf(request)?.id;
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(user === undefined ? {} : { user }),
      },
      'answered',
    );
    done();
  });
}
