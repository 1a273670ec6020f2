import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../../src/index.js';

/** The header tests name their caller with: an id of an actor registered with the server. */
export const ACTOR_HEADER = 'x-test-actor';

/**
 * For tests only, standing in for the accounts part: an onRequest hook that sets
 * `request.actor` from the test header, so each request runs as the actor it names.
 */
export function actAsHeader(app: FastifyInstance): Map<string, Actor> {
  const actors = new Map<string, Actor>();
  app.addHook('onRequest', async (request) => {
    const id = request.headers[ACTOR_HEADER];
    const actor = typeof id === 'string' ? (actors.get(id) ?? null) : null;
    (request as unknown as { actor: Actor | null }).actor = actor;
  });
  return actors;
}
