import type { ApiCall, AppModel } from '@specrun/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathPattern } from './route-methods.js';

/** Headers a page of another origin may send: the token's, JSON's and the version check's. */
const ALLOW_HEADERS = 'Authorization, Content-Type, If-Match';
/** Headers it may read besides the simple ones: a record's version, a new one's place, paging. */
const EXPOSE_HEADERS = 'ETag, Location, Link, Retry-After, Specrun-Actions, Specrun-Page-Actions';
/** How long a browser may keep a preflight's answer: two hours, the most Chromium keeps. */
const MAX_AGE_SECONDS = 7200;

interface CallPath {
  pattern: RegExp;
  methods: string[];
}

function callPaths(calls: readonly ApiCall[]): CallPath[] {
  const byPath = new Map<string, CallPath>();
  for (const call of calls) {
    const entry = byPath.get(call.path) ?? { pattern: pathPattern(call.path), methods: [] };
    if (!entry.methods.includes(call.method)) entry.methods.push(call.method);
    byPath.set(call.path, entry);
  }
  return [...byPath.values()];
}

/**
 * Lets pages of section 7's `- Origins:` call the API (CORS), without credentials mode: such a
 * page sends its token in the Authorization header (`- Tokens:`), never the cookie, so no origin
 * is ever allowed to ride on a user's cookie. A preflight for a declared call's path from an
 * allowed origin is answered 204 with the methods served there; every API answer to an allowed
 * origin (errors included) says it may be read. Other origins get no CORS header at all, so
 * their browsers keep the answers from them. Nothing is installed without `- Origins:`.
 */
export function allowOrigins(app: FastifyInstance, model: AppModel, calls: readonly ApiCall[]) {
  const origins = model.access?.origins;
  if (!origins) return;
  const any = origins.includes('*');
  const listed = new Set(origins);
  const paths = callPaths(calls);
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;
  const allowedOrigin = (request: FastifyRequest): string | undefined => {
    const origin = request.headers.origin;
    if (origin === undefined || !(any || listed.has(origin))) return undefined;
    return any ? '*' : origin;
  };
  const methodsAt = (path: string) => [
    ...new Set(paths.filter((p) => p.pattern.test(path)).flatMap((p) => p.methods)),
  ];
  const allow = (reply: FastifyReply, origin: string) => {
    reply.header('access-control-allow-origin', origin);
    if (origin !== '*') reply.header('vary', 'Origin');
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
    const origin = allowedOrigin(request);
    const methods = methodsAt(pathOf(request));
    if (!origin || methods.length === 0) return;
    allow(reply, origin);
    return reply
      .code(204)
      .header('access-control-allow-methods', methods.join(', '))
      .header('access-control-allow-headers', ALLOW_HEADERS)
      .header('access-control-max-age', String(MAX_AGE_SECONDS))
      .send();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const origin = allowedOrigin(request);
    if (origin && request.method !== 'OPTIONS' && methodsAt(pathOf(request)).length > 0) {
      allow(reply, origin);
      reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    }
    return payload;
  });
}
