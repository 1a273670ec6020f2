import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSessionToken } from './session-token.js';

/** The cookie that carries the session token. */
export const SESSION_COOKIE = 'specrun_session';

/**
 * httpOnly (scripts never see the token), SameSite=Lax (other sites' forms and scripts do not send
 * it), the whole site, and Secure when the request came over HTTPS. Behind a proxy that ends TLS,
 * start Fastify with `trustProxy` so that X-Forwarded-Proto makes request.protocol `https`.
 */
function options(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: request.protocol === 'https',
  };
}

/** Gives the browser the session's token for as long as the session lasts. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  ttlMs: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, { ...options(request), maxAge: Math.floor(ttlMs / 1000) });
}

/** Tells the browser to forget the session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, options(request));
}

/** Whether the request carries the session cookie at all, valid or not. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined;
}

/** The session token the request carries, when it looks like one. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value !== undefined && isSessionToken(value) ? value : undefined;
}
