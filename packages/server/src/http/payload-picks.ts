import { entityWords, isSettable, type Shape } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import type { OperationContext } from '../operations/operation-context.js';
import { validationError } from '../operations/validation-error.js';
import { entityApi, type ApiContext, type EntityApi } from './api-context.js';
import { copied } from '../objects/merged.js';

// A payload may carry references by a unique field of the records they refer to
// (`tagList?: tags.name`): each value finds its record, or creates it when the caller may create
// that entity (else FORBIDDEN, as any create). Order is kept and duplicates dropped. Found in one
// query per field; each missing record is one create. A value of a field the engine gives (a
// slug, a number) cannot make a record: a missing one is refused as a reference to no record.

/** A reference field a payload carries by one of its target's unique fields. */
interface Pick {
  field: string;
  by: string;
  list: boolean;
  target: EntityApi;
  /** Whether a missing record may be made from the value: false for a slug or a number. */
  creatable: boolean;
}

/** The picks of a payload shape, resolved once at start. */
export function payloadPicks(api: ApiContext, entity: string, shape: Shape | undefined): Pick[] {
  if (!shape || shape.kind !== 'object') return [];
  const fields = entityApi(api, entity).fields;
  return shape.properties.flatMap((property): Pick[] => {
    const inner = property.shape;
    if (inner.kind === 'object') return payloadPicks(api, entity, inner);
    if (inner.kind !== 'field' || inner.pick === undefined) return [];
    const field = inner.field ?? property.name;
    const type = fields.get(field)?.type;
    if (type?.kind !== 'reference' && type?.kind !== 'list') return [];
    const target = entityApi(api, type.entity);
    const by = target.fields.get(inner.pick);
    const creatable = by !== undefined && isSettable(by);
    return [{ field, by: inner.pick, list: type.kind === 'list', target, creatable }];
  });
}

function refuse(api: ApiContext, field: string, reason: string): never {
  throw (
    validationError(api.catalogue, new Map([[field, reason]]), []) ?? new AppError('BAD_REQUEST')
  );
}

/** The values sent for one pick: text, one or a list of them, without duplicates. */
function valuesOf(api: ApiContext, pick: Pick, value: unknown): string[] {
  const values = pick.list ? value : value === null ? [] : [value];
  const texts = Array.isArray(values) && values.every((v) => typeof v === 'string');
  if (!texts) refuse(api, pick.field, pick.list ? 'must be a list of text' : 'must be text');
  return [...new Set(values as string[])];
}

async function findByValue(
  ctx: OperationContext,
  pick: Pick,
  values: string[],
): Promise<Map<unknown, string>> {
  const table = pick.target.table.table;
  const page = await pick.target.operations.listRecords(ctx, {
    where: (eb) => eb(`${table}.${pick.by}`, 'in', values),
    limit: values.length,
  });
  return new Map(page.records.map((r) => [r[pick.by], r.id as string]));
}

/** The ids of the records these values name, creating those missing. */
async function idsOf(
  api: ApiContext,
  ctx: OperationContext,
  pick: Pick,
  values: string[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const found = await findByValue(ctx, pick, values);
  const missing = values.filter((v) => !found.has(v));
  if (missing.length > 0 && !pick.creatable) {
    // The words a reference to no record gets (check-in-database), whether absent or unreadable.
    const words = entityWords(pick.target.entity.name);
    refuse(
      api,
      pick.field,
      pick.list ? `must name only existing ${words} records` : `must name an existing ${words}`,
    );
  }
  for (const value of missing) {
    try {
      const created = await pick.target.operations.createRecord(ctx, { [pick.by]: value });
      found.set(value, created.id as string);
    } catch (error) {
      // Another request may have created it in between: the unique index refused this one.
      const again = await findByValue(ctx, pick, [value]);
      if (!again.has(value)) throw error;
      found.set(value, again.get(value)!);
    }
  }
  return values.map((v) => found.get(v)!);
}

/**
 * The payload's fields with each picked reference turned into ids: `{ tags: ['a', 'b'] }` →
 * `{ tags: [id of a, id of b] }`. A field the payload leaves out stays out (an update keeps it).
 */
export async function resolvePicks(
  api: ApiContext,
  ctx: OperationContext,
  picks: readonly Pick[],
  fields: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (picks.length === 0) return fields;
  const out = copied(fields);
  for (const pick of picks) {
    if (!Object.hasOwn(fields, pick.field)) continue;
    const ids = await idsOf(api, ctx, pick, valuesOf(api, pick, fields[pick.field]));
    out[pick.field] = pick.list ? ids : (ids[0] ?? null);
  }
  return out;
}
