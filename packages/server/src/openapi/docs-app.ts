import Fastify, { type FastifyInstance } from 'fastify';
import type { StaticDocumentSpec } from '@fastify/swagger';

/**
 * A server of its own for the API's page (Swagger UI from @fastify/swagger-ui under /docs),
 * made on the first request for it. Its two plugins take a tenth of a cold start to load and
 * register, for a page few requests ask for: they are imported here, when it is first needed.
 */
export async function docsApp(document: object, title: string): Promise<FastifyInstance> {
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false });
  await docs.register(fastifySwagger, {
    mode: 'static',
    // Its types know OpenAPI 3.0 documents only; a 3.1 one is served the same way.
    specification: { document: document as unknown as StaticDocumentSpec['document'] },
  });
  await docs.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    theme: { title },
    // BaseLayout: the page shows this API only, without Swagger UI's bar for loading others.
    uiConfig: {
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    },
  });
  await docs.ready();
  return docs;
}
