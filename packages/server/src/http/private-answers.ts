import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Whether a request is for the API: under /api, or a declared call served elsewhere. */
export type IsApiRequest = (request: FastifyRequest) => boolean;

/** Marks one answer as private to its caller. */
export function markPrivate(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
}

/**
 * Marks every API answer as private to its caller: answers differ by role and session, so no
 * shared cache may keep them (`Cache-Control: private, no-store`, `Vary: Cookie`). Set as the
 * request arrives, so that a route that sets its own Cache-Control (the model, the same for
 * everyone) replaces it; errors met before any hook runs are marked where they are answered.
 */
export function privateApiAnswers(app: FastifyInstance, isApi: IsApiRequest): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request)) markPrivate(reply);
    done();
  });
}
