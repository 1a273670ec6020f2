import type { Actor } from '../callers/actor.js';

/** The session token a request may see: presented in its Authorization header, or just issued. */
export interface RequestToken {
  token: string;
  /** Whether the request presented it in its Authorization header (else this request issued it). */
  presented: boolean;
}

// The signed-in user of a request, decorated by registerAccounts (session-hook.ts).
declare module 'fastify' {
  interface FastifyRequest {
    /** The session's user (cookie or token), or null when nobody is signed in. */
    actor: Actor | null;
    /**
     * The token of the request's session when the request may see it; null for a cookie session,
     * whose token stays in its httpOnly cookie.
     */
    sessionToken: RequestToken | null;
  }
}

export {};
