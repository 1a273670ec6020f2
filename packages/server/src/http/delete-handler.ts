import { isDeclared } from '@specrun/model';
import { entityApi, operationContext } from './api-context.js';
import type { HandlerFactory } from './api-handlers.js';
import { answerRecord } from './answer-record.js';
import { readIfMatch } from './if-match.js';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import { responseExpansion } from './response-expansion.js';
import { pathRecordId } from './path-records.js';
import { isStaleVersion, StaleVersionError } from './stale-version.js';

/**
 * A delete call: 204 No Content. With `If-Match`, only that version is deleted (412 otherwise).
 * A record others still refer to is the operations' IN_USE, naming them. A declared call with
 * a Response shape answers the record as it was.
 */
export const deleteHandler: HandlerFactory = (call, api) => {
  if (call.operation.kind !== 'delete') throw new Error('not a delete call');
  const target = entityApi(api, call.operation.entity);
  const answersRecord = isDeclared(call) && call.response !== undefined;
  const expansion = responseExpansion(api, target.entity.name, call.response);
  const recordOf = pathRecordId(api, call);
  return async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const ctx = operationContext(api, request);
    const id = await recordOf(request, ctx);
    const condition = readIfMatch(request.headers['if-match']);
    // What it refers to is read before the delete: afterwards a reference to it may be gone.
    const before = answersRecord
      ? (await expansion(ctx, [await target.operations.getRecord(ctx, id)]))[0]
      : undefined;
    try {
      await target.operations.deleteRecord(
        ctx,
        id,
        condition.kind === 'version' ? condition.version : undefined,
      );
    } catch (error) {
      throw isStaleVersion(error) ? new StaleVersionError() : error;
    }
    if (before) return answerRecord(call, reply, before);
    return reply.status(204).send();
  };
};
