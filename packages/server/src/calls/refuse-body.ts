import type { FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

/**
 * A call that takes no payload refuses a body rather than ignoring it, so a client that thinks it
 * sent something learns it did not. Checked before the body is read.
 */
export async function refuseBody(request: FastifyRequest): Promise<void> {
  if (hasBody(request))
    throw new AppError(
      'BAD_REQUEST',
      `${request.method} ${request.url.split('?')[0]} takes no body.`,
    );
}
