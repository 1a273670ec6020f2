import { entityApi, operationContext } from './api-context.js';
import type { HandlerFactory } from './api-handlers.js';
import { readLimit } from './list-query.js';
import { onlyParams, single, type QueryParams } from '../calls/query-params.js';
import { pathRecordId } from './path-records.js';

/**
 * A record's history, oldest first, as `{ items, nextCursor }`, for whoever may read the record
 * (anyone else gets NOT_FOUND, as for the record itself).
 */
export const historyHandler: HandlerFactory = (call, api) => {
  if (call.operation.kind !== 'history') throw new Error('not a history call');
  const target = entityApi(api, call.operation.entity);
  const recordOf = pathRecordId(api, call);
  return async (request) => {
    const query = request.query as QueryParams;
    onlyParams(query, ['limit', 'cursor']);
    const ctx = operationContext(api, request);
    const id = await recordOf(request, ctx);
    const limit = readLimit(api, single(query, 'limit'));
    return target.lifecycle.history(ctx, id, single(query, 'cursor'), limit);
  };
};
