import type { ApiCall } from '@specrun/model';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './api-context.js';
import type { HandlerFactories } from './api-handlers.js';
import { createHandler } from './create-handler.js';
import { deleteHandler } from './delete-handler.js';
import { getHandler } from './get-handler.js';
import { historyHandler } from './history-handler.js';
import { listOrCsvHandler } from './csv-export.js';
import { memberHandler } from './member-handler.js';
import { linkHandler } from './link-handler.js';
import { transitionHandler } from './transition-handler.js';
import { refuseBody } from '../calls/refuse-body.js';
import { signedInFirst } from './signed-in-first.js';
import { updateHandler } from './update-handler.js';

/** The record calls: list, get, create, update, delete, transitions, a record's history, add/remove me (to a list, as a link). */
export const RECORD_HANDLERS: HandlerFactories = {
  list: listOrCsvHandler,
  get: getHandler,
  create: createHandler,
  update: updateHandler,
  delete: deleteHandler,
  history: historyHandler,
  transition: transitionHandler,
  'add-me': memberHandler,
  'remove-me': memberHandler,
  'add-link': linkHandler,
  'remove-link': linkHandler,
};

/**
 * Serves every call of the model whose operation kind has a handler factory, at its method and
 * path. Calls of other kinds are left to the parts that serve them. Answers the routes served.
 * With `ownPolicy` (section 6 decides, not a policy of the caller's), a call no anonymous caller
 * may make is refused before anything is looked up (see signedInFirst).
 */
export function registerApiCalls(
  app: FastifyInstance,
  api: ApiContext,
  calls: readonly ApiCall[],
  factories: HandlerFactories,
  options: { ownPolicy?: boolean } = {},
): ApiCall[] {
  const served: ApiCall[] = [];
  for (const call of calls) {
    const factory = factories[call.operation.kind];
    if (!factory) continue;
    const bodyless = call.payload === undefined && ['GET', 'DELETE'].includes(call.method);
    const onRequest = options.ownPolicy
      ? signedInFirst(api.model, call.operation, { bodyless })
      : bodyless
        ? refuseBody
        : undefined;
    app.route({
      method: call.method,
      url: call.path,
      handler: factory(call, api, calls),
      config: { call },
      ...(onRequest ? { onRequest } : {}),
    });
    served.push(call);
  }
  return served;
}
