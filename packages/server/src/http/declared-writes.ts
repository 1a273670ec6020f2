import { isDeclared, type ApiCall } from '@specrun/model';
import type { OperationContext } from '../operations/operation-context.js';
import { entityApi, type ApiContext } from './api-context.js';
import { blankableFields, blankAsNull } from '../calls/blank-as-null.js';
import { payloadPicks, resolvePicks } from './payload-picks.js';

/** What a declared call's payload means, as fields: "" as null, picked references as ids. */
export type PayloadMeaning = (
  ctx: OperationContext,
  fields: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** The meaning of a call's payload on `entity`, prepared once at start; as sent by default. */
export function payloadMeaning(api: ApiContext, call: ApiCall, entity: string): PayloadMeaning {
  if (!isDeclared(call)) return (_ctx, fields) => Promise.resolve(fields);
  const blankable = blankableFields(entityApi(api, entity).entity);
  const picks = payloadPicks(api, entity, call.payload);
  return (ctx, fields) => resolvePicks(api, ctx, picks, blankAsNull(blankable, fields));
}
