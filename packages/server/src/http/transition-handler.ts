import { AppError } from '../catalogue/app-error.js';
import { entityApi, operationContext } from './api-context.js';
import { answerRecord } from './answer-record.js';
import type { HandlerFactory } from './api-handlers.js';
import { readPayload } from '../calls/read-payload.js';
import { responseExpansion } from './response-expansion.js';
import { readIfMatch } from './if-match.js';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import { pathRecordId } from './path-records.js';
import { answerWritten } from './written-answer.js';
import { StaleVersionError } from './stale-version.js';

/**
 * A transition call (section 4): takes the action on the record, the payload being `input`. With
 * `If-Match` the record must still be at that version, else 412 with CONFLICT and nothing
 * changes; without it, losing a race to another change is 409 CONFLICT. Answers the record after
 * the transition, with the actions the caller may take next.
 */
export const transitionHandler: HandlerFactory = (call, api) => {
  if (call.operation.kind !== 'transition') throw new Error('not a transition call');
  const { action } = call.operation;
  const target = entityApi(api, call.operation.entity);
  const expansion = responseExpansion(api, call.operation.entity, call.response);
  const recordOf = pathRecordId(api, call);
  return async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const ctx = operationContext(api, request);
    const id = await recordOf(request, ctx);
    const condition = readIfMatch(request.headers['if-match']);
    const version = condition.kind === 'version' ? condition.version : undefined;
    // A transition may take no payload: an empty body is an empty `input`.
    const input = request.body === undefined ? {} : readPayload(call.payload, request.body);
    let record;
    try {
      record = await target.lifecycle.transitionStored(ctx, id, action, input, version);
    } catch (error) {
      const stale = error instanceof AppError && error.code === 'CONFLICT' && !error.detail;
      throw stale && version !== undefined ? new StaleVersionError() : error;
    }
    const [shaped] = await expansion(ctx, [await answerWritten(api, target, ctx, record)]);
    return answerRecord(call, reply, shaped!);
  };
};
