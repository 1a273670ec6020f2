import { AppError } from '../catalogue/app-error.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { WireRecord } from '../store/record-codec.js';
import { entityApi, type ApiContext, type EntityApi } from './api-context.js';
import { copied } from '../objects/merged.js';

/**
 * The records of `entity` with these ids that the caller may read, by id, as the caller sees
 * them. Read through the target's list, so section 6 decides in SQL as for any list; a target
 * the caller may not list at all gives nothing.
 */
export async function readableById(
  api: ApiContext,
  ctx: OperationContext,
  target: EntityApi,
  ids: string[],
): Promise<Map<string, WireRecord>> {
  const found = new Map<string, WireRecord>();
  const size = api.limits.maxPageSize;
  for (let start = 0; start < ids.length; start += size) {
    const chunk = ids.slice(start, start + size);
    try {
      const page = await target.operations.listRecords(ctx, {
        where: (eb) => eb(`${target.table.table}.id`, 'in', chunk),
        limit: chunk.length,
      });
      for (const record of page.records) found.set(record.id as string, record);
    } catch (error) {
      if (error instanceof AppError && ['FORBIDDEN', 'UNAUTHENTICATED'].includes(error.code))
        return found;
      throw error;
    }
  }
  return found;
}

/**
 * Expands the named reference fields of records in place: each id becomes the referenced record
 * as the caller may read it; an id the caller may not read stays the bare id. A name of two parts
 * (`loan.book`, read by readInclude) expands in turn a reference of the records just loaded, read
 * through its own target's list, so section 6 decides on that record too. One query per field and
 * page, however many records refer.
 */
export async function includeReferences(
  api: ApiContext,
  ctx: OperationContext,
  source: EntityApi,
  records: WireRecord[],
  include: readonly string[],
): Promise<WireRecord[]> {
  if (include.length === 0) return records;
  const out = records.map(copied);
  const inner = new Map<string, string[]>();
  for (const name of include) {
    const [first = '', second] = name.split('.');
    inner.set(first, [...(inner.get(first) ?? []), ...(second === undefined ? [] : [second])]);
  }
  for (const [name, then] of inner) {
    const type = source.fields.get(name)?.type;
    if (type?.kind !== 'reference' && type?.kind !== 'list') continue;
    const ids = new Set<string>();
    for (const record of out) {
      const value = record[name];
      for (const id of Array.isArray(value) ? value : [value])
        if (typeof id === 'string') ids.add(id);
    }
    const target = entityApi(api, type.entity);
    const read = await readableById(api, ctx, target, [...ids]);
    const loaded = await includeReferences(api, ctx, target, [...read.values()], then);
    const found = new Map(loaded.map((r) => [r.id as string, r]));
    const expand = (id: unknown) => (typeof id === 'string' ? (found.get(id) ?? id) : id);
    for (const record of out) {
      const value = record[name];
      if (value === undefined) continue;
      record[name] = Array.isArray(value) ? value.map(expand) : expand(value);
    }
  }
  return out;
}
