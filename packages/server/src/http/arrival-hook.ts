import type { FastifyInstance } from 'fastify';
import { hostRefusal } from './allowed-hosts.js';
import { PRIVATE_HEADERS, type IsApiRequest } from './private-answers.js';
import { helmetHeaders } from './security-headers.js';

/**
 * What every request meets first, in one hook: a Host that is not this server's is refused
 * (allowed-hosts.ts) before anything else; every other answer gets helmet's security headers
 * (security-headers.ts) and an API answer the private ones too (private-answers.ts), both sets
 * worked out once. One hook rather than three, as every request runs it. A route may still
 * replace one of these headers (a served file's sandboxing, the model's Cache-Control).
 */
export function onArrival(
  app: FastifyInstance,
  { publicHosts, isApi }: { publicHosts?: readonly string[]; isApi: IsApiRequest },
): void {
  const refusal = hostRefusal(publicHosts);
  const page = helmetHeaders();
  const api = Object.freeze({ ...page, ...PRIVATE_HEADERS });
  app.addHook('onRequest', (request, reply, done) => {
    const refused = refusal(request);
    if (refused) return done(refused);
    reply.headers(isApi(request) ? api : page);
    done();
  });
}
