import type { Actor } from '../callers/actor.js';

// The signed-in user of a request, decorated by registerAccounts (session-hook.ts).
declare module 'fastify' {
  interface FastifyRequest {
    /** The session cookie's user, or null when nobody is signed in. */
    actor: Actor | null;
  }
}

export {};
