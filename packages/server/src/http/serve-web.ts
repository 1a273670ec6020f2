import type { Catalogue } from '@specrun/model';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './error-handler.js';
import type { RouteMethods } from './route-methods.js';
import type { WebPaths } from './web-paths.js';

/**
 * Serves the built web app from `webRoot`. A GET that no route serves answers the app's
 * index.html when it is a page (see WebPaths: a screen, or a path outside the API that the
 * request takes HTML for), so that the app's own router can show the route (or its friendly
 * 404). A path that is served with other methods answers 405 with `Allow`; anything else is
 * NOT_FOUND.
 */
export async function serveWeb(
  app: FastifyInstance,
  catalogue: Catalogue,
  webRoot: string | undefined,
  routes: RouteMethods,
  paths: WebPaths,
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
    const path = request.url.split('?')[0]!;
    if (hasWeb && paths.isPage(request, path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const allowed = routes.allowed(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(
        reply,
        catalogue,
        'METHOD_NOT_ALLOWED',
        `${path} is served with ${allowed.join(', ')}, not ${request.method}.`,
      );
    }
    return sendProblem(
      reply,
      catalogue,
      'NOT_FOUND',
      `Nothing is served at ${request.method} ${path.slice(0, 200)}.`,
    );
  });
}
