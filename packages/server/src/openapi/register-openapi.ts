import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AppModel, ApiCall } from '@specrun/model';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi-document.js';

/**
 * Serves the API's OpenAPI 3.1 document at GET /openapi.json and a page for people at /docs
 * (Swagger UI from @fastify/swagger-ui, whose page loads only scripts and styles of its own
 * origin, so the server's CSP, script-src 'self', holds). The document is built and serialised
 * once, here; answers reuse the string. Register it before the web app's fallback route.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  model: AppModel,
  calls: readonly ApiCall[],
): Promise<void> {
  const document = openApiDocument(model, calls);
  const json = JSON.stringify(document);
  // The version is a hash of the content, so it names this exact document.
  const etag = `"${document.info.version}"`;
  app.get('/openapi.json', (request, reply) => {
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
  // In a child context, so the plugins' decorators (`swagger`) stay out of the application's.
  await app.register(async (docs) => {
    await docs.register(fastifySwagger, {
      mode: 'static',
      // Its types know OpenAPI 3.0 documents only; a 3.1 one is served the same way.
      specification: { document: document as unknown as StaticDocumentSpec['document'] },
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      theme: { title: `${model.name} API` },
      // BaseLayout: the page shows this API only, without Swagger UI's bar for loading others.
      uiConfig: {
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
      },
    });
  });
}
