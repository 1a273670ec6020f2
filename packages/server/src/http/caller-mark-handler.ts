import type { ApiCall } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import type { OperationContext } from '../operations/operation-context.js';
import { entityApi, operationContext, type ApiContext } from './api-context.js';
import type { ApiHandler } from './api-handlers.js';
import { answerRecord } from './answer-record.js';
import { pathRecordId } from './path-records.js';
import { withActionsOf } from './record-actions.js';
import { responseExpansion } from './response-expansion.js';

/** Sets or clears the mark of the signed-in caller (`actorId`) on record `id`. */
export type MarkChange = (ctx: OperationContext, id: string, actorId: string) => Promise<void>;

/**
 * The calls by which a signed-in caller marks the record the path names, or takes the mark off
 * (`add me to` a list, `add me as` a link): who is asking comes first (nobody signed out has a
 * mark to make, whatever the path names: 401 before any lookup), then the record must be one
 * they may read (else 404), then `change`, then the record as they now read it, shaped as the
 * call answers, so that a computed value about the mark is already up to date.
 */
export function callerMarkHandler(
  call: ApiCall,
  api: ApiContext,
  entity: string,
  change: MarkChange,
): ApiHandler {
  const target = entityApi(api, entity);
  const recordOf = pathRecordId(api, call);
  const expansion = responseExpansion(api, entity, call.response);
  return async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const ctx = operationContext(api, request);
    if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
    const id = await recordOf(request, ctx);
    await target.operations.getRecord(ctx, id); // readable, else NOT_FOUND
    await change(ctx, id, ctx.actor.id);
    const record = await target.operations.getRecord(ctx, id);
    const withActions = await withActionsOf(target, ctx, record, { readable: true });
    const [shaped] = await expansion(ctx, [withActions]);
    return answerRecord(call, reply, shaped!);
  };
}
