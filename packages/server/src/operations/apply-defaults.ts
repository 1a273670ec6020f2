import type { WireRecord } from '../store/record-codec.js';
import { userRecord } from '../callers/user-record.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { copied } from '../objects/merged.js';

/** The body with a default for every field the caller sent no value for (unchecked yet). */
export function applyDefaults(
  prepared: PreparedEntity,
  ctx: OperationContext,
  body: WireRecord,
): WireRecord {
  const record: WireRecord = copied(body);
  const bindings = { user: userRecord(ctx.actor), now: ctx.now, input: body };
  for (const p of prepared.fields.values()) {
    const { field } = p;
    const given = record[field.name];
    if ((given !== undefined && given !== null) || !field.default) continue;
    record[field.name] =
      field.default.kind === 'literal' ? field.default.value : p.defaultValue!(bindings);
  }
  return record;
}
