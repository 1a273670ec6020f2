import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { Catalogue } from '../errors/catalogue.js';
import { problem } from '../errors/problem.js';

/** Catalogue codes for the statuses Fastify itself answers with (bad JSON, body too large...). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Writes a catalogue error as application/problem+json. */
export function sendProblem(
  reply: FastifyReply,
  catalogue: Catalogue,
  code: string,
  detail?: string,
  params?: Record<string, string>,
): FastifyReply {
  const resolved = catalogue.resolve(code, params);
  return reply
    .status(resolved.status)
    .type('application/problem+json; charset=utf-8')
    .send(problem(resolved.code, resolved.status, detail ?? resolved.message));
}

/**
 * The one error handler: application errors answer their catalogue code; client mistakes that
 * Fastify detects map to engine codes; anything else is logged and answered INTERNAL, with no
 * detail that could leak internals.
 */
export function installErrorHandler(app: FastifyInstance, catalogue: Catalogue): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, catalogue, error.code, error.detail, error.params);
    }
    const status = error.statusCode ?? 500;
    const code = CODE_BY_STATUS[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
    if (code === 'INTERNAL') {
      request.log.error({ err: error }, 'unexpected error');
      return sendProblem(reply, catalogue, 'INTERNAL');
    }
    return sendProblem(reply, catalogue, code);
  });
}
