import { AppError } from '../catalogue/app-error.js';
import { entityApi, operationContext } from './api-context.js';
import { answerRecord } from './answer-record.js';
import type { HandlerFactory } from './api-handlers.js';
import { includeReferences } from './include-references.js';
import { answerInPlace } from './local-answers.js';
import { readInclude } from './list-query.js';
import { onlyParams, single, type QueryParams } from '../calls/query-params.js';
import { responseExpansion } from './response-expansion.js';
import { pathRecordId } from './path-records.js';
import { withActionsOf } from './record-actions.js';

/** `offers=create`: whether the record's creates of other records are asked for. */
function readOffers(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (value === 'create') return true;
  throw new AppError('BAD_REQUEST', 'offers takes one value: create.');
}

/**
 * A get call: one record as the caller may read it, with references expanded on request. With
 * `offers=create`, its `actions` also name the creates of records referring to it that would be
 * accepted now (`create:Booking.event`): what a record's page offers, decided with its actions.
 */
export const getHandler: HandlerFactory = (call, api) => {
  if (call.operation.kind !== 'get') throw new Error('not a get call');
  const target = entityApi(api, call.operation.entity);
  const name = target.entity.name;
  const expansion = responseExpansion(api, name, call.response);
  const recordOf = pathRecordId(api, call);
  return async (request, reply) => {
    const query = request.query as QueryParams;
    onlyParams(query, ['include', 'offers']);
    const creates = readOffers(single(query, 'offers')) && target.lifecycle.offersCreates;
    const ctx = operationContext(api, request);
    const id = await recordOf(request, ctx);
    // Creates are decided with the actions, in the general path's one statement.
    const answered = query.include === undefined && !creates && answerInPlace(api, target, ctx, id);
    if (answered) return answerRecord(call, reply, (await expansion(ctx, [answered]))[0]!);
    const record = await target.operations.getRecord(ctx, id);
    // A reference this record hides from the caller stays unexpanded (it is not in the answer).
    const readable = api.policy.readableOnSome(ctx.actor, name);
    const readableOf = (entity: string) => api.policy.readableOnSome(ctx.actor, entity);
    const include = readInclude(api, target, single(query, 'include'), readable, readableOf);
    // Actions first: they are decided on the stored record behind the one shown, which
    // getRecord has proved readable.
    const withActions = await withActionsOf(target, ctx, record, { readable: true, creates });
    const expanded = await includeReferences(api, ctx, target, [withActions], include);
    return answerRecord(call, reply, (await expansion(ctx, expanded))[0]!);
  };
};
