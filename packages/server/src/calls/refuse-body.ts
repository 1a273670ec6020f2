import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../catalogue/app-error.js';

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

/** The refusal of a body sent to a call that takes none; undefined when none was sent. */
export function bodyRefusal(request: FastifyRequest): AppError | undefined {
  if (!hasBody(request)) return undefined;
  return new AppError(
    'BAD_REQUEST',
    `${request.method} ${request.url.split('?')[0]} takes no body.`,
  );
}

/**
 * A call that takes no payload refuses a body rather than ignoring it, so a client that thinks it
 * sent something learns it did not. Checked before the body is read; a callback rather than an
 * async hook, as it runs on every read and has nothing to wait for.
 */
export function refuseBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const refused = bodyRefusal(request);
  if (refused) done(refused);
  else done();
}
