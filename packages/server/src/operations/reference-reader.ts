import type { ReferenceReader } from './check-in-database.js';
import type { OperationContext } from './operation-context.js';

/**
 * The caller of a write as checkInDatabase asks: the references in `fields`, which they chose,
 * must name records they may read (section 6's read condition on the target's rows).
 */
export function referenceReader(ctx: OperationContext, fields: Iterable<string>): ReferenceReader {
  return {
    condition: (entity) => ctx.policy.listCondition(ctx.actor, entity),
    fields: new Set(fields),
    callerId: ctx.actor?.id ?? null,
  };
}
