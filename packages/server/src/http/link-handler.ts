import { AppError } from '../catalogue/app-error.js';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import type { OperationContext } from '../operations/operation-context.js';
import { findLink } from '../store/find-link.js';
import { entityApi, operationContext, type ApiContext } from './api-context.js';
import type { HandlerFactory } from './api-handlers.js';
import { answerRecord } from './answer-record.js';
import { pathRecordId } from './path-records.js';
import { withActionsOf } from './record-actions.js';
import { responseExpansion } from './response-expansion.js';

interface LinkOperation {
  kind: 'add-link' | 'remove-link';
  entity: string;
  link: string;
  field: string;
  via: string;
}

/**
 * Makes or deletes the caller's link to record `id`, leaving it as asked whatever it was: the
 * link record goes through the link entity's own create and delete, so section 6 (its row
 * conditions), the defaults of its other fields and section 5 apply. A create that loses a race
 * to the same link (the unique combination refuses it) finds the link made, and is content.
 */
async function setLink(api: ApiContext, op: LinkOperation, ctx: OperationContext, id: string) {
  const link = entityApi(api, op.link);
  const actorId = ctx.actor!.id;
  const existing = () => findLink(api.store.db, link.table, op.field, actorId, op.via, id);
  const found = await existing();
  if (op.kind === 'remove-link') {
    if (found) await link.operations.deleteRecord(ctx, found);
    return;
  }
  if (found) return;
  try {
    await link.operations.createRecord(ctx, {}, { [op.field]: actorId, [op.via]: id });
  } catch (error) {
    if (!(await existing())) throw error;
  }
}

/**
 * `add me as Follow.follower` / `remove me as Follow.follower`: the link record between the
 * signed-in caller and the record the path names is created or deleted (idempotent: an existing
 * link is kept, a missing one is not an error), and the path's record is answered as the caller
 * now reads it, so a computed value counting the links (`following`) is up to date.
 */
export const linkHandler: HandlerFactory = (call, api) => {
  const op = call.operation;
  if (op.kind !== 'add-link' && op.kind !== 'remove-link') throw new Error('not a link call');
  const target = entityApi(api, op.entity);
  const recordOf = pathRecordId(api, call);
  const expansion = responseExpansion(api, op.entity, call.response);
  return async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const ctx = operationContext(api, request);
    // Who is asking comes first: nobody signed out has a link to make or delete.
    if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
    const id = await recordOf(request, ctx);
    await target.operations.getRecord(ctx, id); // readable, else NOT_FOUND
    await setLink(api, op, ctx, id);
    const record = await target.operations.getRecord(ctx, id);
    const withActions = await withActionsOf(target, ctx, record, { readable: true });
    const [shaped] = await expansion(ctx, [withActions]);
    return answerRecord(call, reply, shaped!);
  };
};
