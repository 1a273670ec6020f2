import { AppError } from '../catalogue/app-error.js';
import { echoedNames } from '../catalogue/client-text.js';
import type { PreparedApp } from '../app/prepared-app.js';
import type { SortKey } from '../store/list-records.js';
import { referencedValue, type ReferencedValue } from '../store/referenced-values.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';

// Kinds a value of which has no order to sort by: a file is described, not valued.
const UNSORTABLE = new Set(['file', 'files', 'json', 'bytes']);

/**
 * The sort keys that name a field of the record a reference points to (`sort=event.title`), as
 * the store sorts by them (see referencedValue). The reference must be the caller's to read on
 * every record listed, and the field theirs to read on every record of the other entity they may
 * read; records of it they may not read sort as empty. Anything else is refused as a field that
 * does not exist (BAD_REQUEST), so a sort never reveals the order of values the caller cannot see.
 * A computed value the database works out is not among them: it has no column to read there.
 */
export function referencedSorts(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  sort: readonly SortKey[],
): Record<string, ReferencedValue> | undefined {
  const dotted = sort.filter((s) => s.field.includes('.'));
  if (dotted.length === 0) return undefined;
  const { actor, policy } = ctx;
  const entity = prepared.entity.name;
  const readable = policy.readableFields(actor, entity);
  const out: Record<string, ReferencedValue> = {};
  for (const { field: path } of dotted) {
    const [reference = '', name = ''] = path.split('.', 2);
    const field = prepared.entity.fields.find((f) => f.name === reference);
    const target =
      field?.type.kind === 'reference' ? app.entities.get(field.type.entity) : undefined;
    const column = target?.table.columnByName.get(name);
    const condition = target && policy.listCondition(actor, target.entity.name);
    const sortable =
      readable.has(reference) &&
      target !== undefined &&
      column !== undefined &&
      !UNSORTABLE.has(column.type) &&
      !target.computedInDatabase.includes(name) &&
      (name === 'id' || policy.readableFields(actor, target.entity.name).has(name)) &&
      condition?.kind !== 'deny';
    if (!sortable)
      throw new AppError(
        'BAD_REQUEST',
        `sort: ${echoedNames([path])} is not a field of ${entity} you can sort by.`,
      );
    const where = condition?.kind === 'where' ? condition.where : undefined;
    out[path] = referencedValue(prepared.table, reference, target.table, name, where);
  }
  return out;
}
