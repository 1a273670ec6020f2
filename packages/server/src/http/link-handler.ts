import type { LinkOperation } from '@specrun/model';
import type { OperationContext } from '../operations/operation-context.js';
import { findLink } from '../store/find-link.js';
import { entityApi, type ApiContext } from './api-context.js';
import type { HandlerFactory } from './api-handlers.js';
import { callerMarkHandler } from './caller-mark-handler.js';

/**
 * Makes or deletes the caller's link to record `id`, leaving it as asked whatever it was: the
 * link record goes through the link entity's own create and delete, so section 6 (its row
 * conditions), the defaults of its other fields and section 5 apply. A create that loses a race
 * to the same link (the unique combination refuses it) finds the link made, and is content.
 */
async function setLink(
  api: ApiContext,
  op: LinkOperation,
  ctx: OperationContext,
  id: string,
  actorId: string,
) {
  const link = entityApi(api, op.link);
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
  return callerMarkHandler(call, api, op.entity, (ctx, id, actorId) =>
    setLink(api, op, ctx, id, actorId),
  );
};
