import type { WireRecord } from '../store/record-codec.js';
import { computeFields } from './compute-fields.js';
import type { OperationsSetup } from './operations-setup.js';
import type { OperationContext } from './policy.js';
import type { PreparedEntity } from './prepared-entity.js';

/** A stored record as the caller sees it: computed fields worked out, only readable fields. */
export function visibleRecord(
  setup: OperationsSetup,
  prepared: PreparedEntity,
  ctx: OperationContext,
  record: WireRecord,
): WireRecord {
  const full = computeFields(setup.model, prepared, record, ctx.now);
  const readable = ctx.policy.readableFields(ctx.actor, prepared.entity.name);
  const out: WireRecord = { id: full.id };
  for (const [name, value] of Object.entries(full)) if (readable.has(name)) out[name] = value;
  return out;
}
