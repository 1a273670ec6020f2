import type { ApiOperation, ApiCall } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from './api-context.js';

/** A route's request handler. */
export type ApiHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Makes the handler of one call at start: everything the call needs (its entity, envelopes,
 * readers) is resolved here, once, and the handler only does the request's own work.
 */
export type HandlerFactory = (
  call: ApiCall,
  api: ApiContext,
  calls: readonly ApiCall[],
) => ApiHandler;

/**
 * Handler factories by operation kind. The API serves a call when its kind has a factory, so
 * other parts (transitions, accounts) plug in by adding theirs.
 */
export type HandlerFactories = Partial<Record<ApiOperation['kind'], HandlerFactory>>;
