import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether a request is for the API: under /api, or a declared call served elsewhere. */
export type IsApiRequest = (request: FastifyRequest) => boolean;

/**
 * What marks an API answer as private to its caller: answers differ by role and session, so no
 * shared cache may keep them. Set as the request arrives (arrival-hook.ts), so that a route that
 * sets its own Cache-Control (the model, the same for everyone) replaces it; errors met before
 * any hook runs are marked where they are answered (markPrivate).
 */
export const PRIVATE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'private, no-store',
  vary: 'Cookie',
});

/** Marks one answer as private to its caller. */
export function markPrivate(reply: FastifyReply): void {
  reply.headers(PRIVATE_HEADERS);
}
