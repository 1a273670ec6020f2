// What both hand-written servers share: Fastify with the log level specrun runs with in the
// benchmark (`--quiet`: warnings and errors only), the security headers specrun sends, problem
// answers, and listening until SIGTERM.
import Fastify from 'fastify';
import helmet from 'helmet';
import { problemBody } from './problem.mjs';

const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet sets with specrun's options, recorded from one run of its middleware. */
function helmetHeaders() {
  const headers = {};
  const response = {
    setHeader: (name, value) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name) => delete headers[name.toLowerCase()],
  };
  helmet(HELMET_OPTIONS)({}, response, () => {});
  return headers;
}

/** A Fastify app with specrun's security headers and error answers. */
export async function baselineApp() {
  const app = Fastify({
    logger: { level: 'warn' },
    bodyLimit: 1_000_000,
    // specrun's KEEP_ALIVE_TIMEOUT_SECONDS (5): idle connections are closed alike, and the
    // Keep-Alive header both send is the same.
    keepAliveTimeout: 5000,
  });
  // Helmet's headers, worked out once: the options are fixed, as a careful engineer would notice.
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.setErrorHandler((error, _request, reply) => {
    const body = problemBody(error);
    if (body.status >= 500) app.log.error(error);
    return reply.status(body.status).type('application/problem+json').send(body);
  });
  app.get('/api/_health', async () => ({ status: 'ok' }));
  return app;
}

/** Listens on 127.0.0.1:`port`; SIGTERM or SIGINT closes the app, then `close()`. */
export async function serve(app, port, close) {
  await app.listen({ host: '127.0.0.1', port });
  const stop = () => void app.close().finally(close);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
