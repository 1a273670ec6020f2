import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../errors/catalogue.js';
import { sendProblem } from './error-handler.js';

/**
 * Serves the built web app from `webRoot`. Any other GET that is not under /api answers the
 * app's index.html, so that the app's own router can show the route (or its friendly 404).
 */
export async function serveWeb(
  app: FastifyInstance,
  catalogue: Catalogue,
  webRoot: string | undefined,
): Promise<void> {
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(
      reply,
      catalogue,
      'NOT_FOUND',
      `Nothing is served at ${request.method} ${request.url.split('?')[0]}.`,
    );
  });
}
