import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether a request is for the API: under /api, or a declared call served elsewhere. */
export type IsApiRequest = (request: FastifyRequest) => boolean;

/**
 * Marks every API answer as private to its caller: answers differ by role and session, so no
 * shared cache may keep them (`Cache-Control: private, no-store`, `Vary: Cookie`). A route that
 * sets its own Cache-Control (the model, the same for everyone) keeps it.
 */
export function privateApiAnswers(app: FastifyInstance, isApi: IsApiRequest): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApi(request)) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    const vary = reply.getHeader('vary');
    const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
    if (!/(^|,)\s*cookie\s*(,|$)/i.test(current))
      reply.header('vary', current ? `${current}, Cookie` : 'Cookie');
    return payload;
  });
}
