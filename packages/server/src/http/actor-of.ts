import type { FastifyRequest } from 'fastify';
import type { Actor } from '../callers/actor.js';

/**
 * Who is signed in for a request. The accounts part decorates `request.actor`; reading it through
 * this one accessor keeps the API routes independent of how sessions are kept. Nobody signed in,
 * or no accounts part at all, is `null`.
 */
export function actorOf(request: FastifyRequest): Actor | null {
  return (request as FastifyRequest & { actor?: Actor | null }).actor ?? null;
}
