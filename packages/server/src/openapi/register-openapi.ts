import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreparedModel } from '../app/prepared-app.js';
import { docsApp } from './docs-app.js';
import { openApiDocument } from './openapi-document.js';

/** Headers of the page's answers that are the connection's, not the answer's. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
]);

/**
 * Serves the API's OpenAPI 3.1 document at GET /openapi.json and a page for people at /docs
 * (Swagger UI from @fastify/swagger-ui, whose page loads only scripts and styles of its own
 * origin, so the server's CSP, script-src 'self', holds). Neither is needed for a start's first
 * answer, and together they took a tenth of it: the document is built and serialised on its
 * first request (answers then reuse the string), and the page is served by a server of its own
 * made on its first request (docs-app.ts), each answer passed on with this server's headers.
 * Register it before the web app's fallback route.
 */
export function registerOpenApi(app: FastifyInstance, prepared: PreparedModel): void {
  let built: { document: { info: { version: string } }; json: string; etag: string } | undefined;
  const document = () => {
    if (built) return built;
    const made = openApiDocument(prepared);
    // The version is a hash of the content, so it names this exact document.
    built = { document: made, json: JSON.stringify(made), etag: `"${made.info.version}"` };
    return built;
  };
  app.get('/openapi.json', (request, reply) => {
    const { json, etag } = document();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
  let docs: ReturnType<typeof docsApp> | undefined;
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= docsApp(document().document, `${prepared.model.name} API`);
    const answer = await (
      await docs
    ).inject({
      // A GET for a HEAD too: this server leaves the body out of a HEAD and keeps its length.
      method: 'GET',
      url: request.url,
      headers: conditionalHeaders(request),
    });
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  app.get('/docs', page);
  app.get('/docs/*', page);
}

/** What the page's server needs of a request besides its path: whether the client has it. */
function conditionalHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['if-none-match', 'if-modified-since', 'range', 'if-range', 'accept']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
