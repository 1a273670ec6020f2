import type { OperationContext } from '../operations/operation-context.js';
import type { WireRecord } from '../store/record-codec.js';
import type { ApiContext, EntityApi } from './api-context.js';
import { writtenInPlace } from './local-answers.js';
import { withActionsOf } from './record-actions.js';

/**
 * A record a create, update or transition has just written and committed, as the caller sees it
 * with its actions: in place when every decision reads only the record, the caller and the clock
 * (as a get answers), else shown by the operations and its actions decided after.
 */
export async function answerWritten(
  api: ApiContext,
  target: EntityApi,
  ctx: OperationContext,
  stored: WireRecord,
): Promise<WireRecord> {
  const inPlace = writtenInPlace(api, target, ctx, stored);
  if (inPlace) return inPlace;
  return withActionsOf(target, ctx, await target.operations.showWritten(ctx, stored));
}
