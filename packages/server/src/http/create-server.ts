import fastifyHelmet from '@fastify/helmet';
import type { AppModel } from '@specrun/model';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Catalogue } from '../errors/catalogue.js';
import { installErrorHandler } from './error-handler.js';
import { serveWeb } from './serve-web.js';

export interface ServerOptions {
  model: AppModel;
  /** The folder of the built web app (its index.html); without it only the API is served. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify server for a model: the API under /api and the web app everywhere else. */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const { model } = options;
  const app = Fastify({ logger: options.logger ?? false });
  const catalogue = new Catalogue(model);
  installErrorHandler(app, catalogue);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });

  // The model is fixed for the server's life: serialise it once, not per request.
  const modelJson = JSON.stringify(model);
  app.get('/api/_model', (_request, reply) => {
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(modelJson);
  });
  app.get('/api/_health', () => ({ status: 'ok' }));

  await serveWeb(app, catalogue, options.webRoot);
  return app;
}
