import { storeWork } from '../operations/store-errors.js';
import { addListItem, removeListItem } from '../store/list-membership.js';
import { entityApi } from './api-context.js';
import type { HandlerFactory } from './api-handlers.js';
import { callerMarkHandler } from './caller-mark-handler.js';

/**
 * `add me to E.field` / `remove me from E.field`: the signed-in caller joins or leaves a
 * `list of User` field of the record the path names (idempotent: joining twice leaves one
 * entry), and the record is answered as they now read it. Only reading is asked of section 6:
 * the caller changes their own mark and nobody else's, so it is not an edit of the record, and
 * its version, updatedAt, history and section 5 rules are untouched (docs/decisions.md).
 */
export const memberHandler: HandlerFactory = (call, api) => {
  const operation = call.operation;
  if (operation.kind !== 'add-me' && operation.kind !== 'remove-me')
    throw new Error('not an add-me or remove-me call');
  const target = entityApi(api, operation.entity);
  const list = target.table.lists.find((l) => l.field === operation.field);
  if (!list) throw new Error(`${operation.entity}.${operation.field} is not a list`);
  const change = operation.kind === 'add-me' ? addListItem : removeListItem;
  return callerMarkHandler(call, api, operation.entity, (ctx, id, actorId) =>
    storeWork(() => change(api.store.db, list, id, actorId)),
  );
};
