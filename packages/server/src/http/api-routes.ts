import type { ApiCall } from '@specrun/model';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './api-context.js';
import type { HandlerFactories } from './api-handlers.js';
import { createHandler } from './create-handler.js';
import { deleteHandler } from './delete-handler.js';
import { getHandler } from './get-handler.js';
import { historyHandler } from './history-handler.js';
import { listHandler } from './list-handler.js';
import { transitionHandler } from './transition-handler.js';
import { refuseBody } from '../calls/refuse-body.js';
import { updateHandler } from './update-handler.js';

/** The record calls: list, get, create, update, delete, transitions and a record's history. */
export const RECORD_HANDLERS: HandlerFactories = {
  list: listHandler,
  get: getHandler,
  create: createHandler,
  update: updateHandler,
  delete: deleteHandler,
  history: historyHandler,
  transition: transitionHandler,
};

/**
 * Serves every call of the model whose operation kind has a handler factory, at its method and
 * path. Calls of other kinds are left to the parts that serve them. Answers the routes served.
 */
export function registerApiCalls(
  app: FastifyInstance,
  api: ApiContext,
  calls: readonly ApiCall[],
  factories: HandlerFactories,
): ApiCall[] {
  const served: ApiCall[] = [];
  for (const call of calls) {
    const factory = factories[call.operation.kind];
    if (!factory) continue;
    const bodyless = call.payload === undefined && ['GET', 'DELETE'].includes(call.method);
    app.route({
      method: call.method,
      url: call.path,
      handler: factory(call, api, calls),
      config: { call },
      ...(bodyless ? { onRequest: refuseBody } : {}),
    });
    served.push(call);
  }
  return served;
}
