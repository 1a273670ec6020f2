import type { SortKey } from './list-records.js';

const NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];
// Ids are UUIDv7: they sort by creation time too, and are readable by everyone who may list.
const NEWEST_ID_FIRST: SortKey[] = [{ field: 'id', direction: 'desc' }];

/**
 * A list asked for no sort is newest first: by createdAt when the caller may read it, else by id,
 * so that a plain list works for every caller (a sort by a field they may not read is refused).
 * The derived indexes (see derived-indexes/) serve exactly this order.
 */
export function defaultSort(readable: ReadonlySet<string>): SortKey[] {
  return readable.has('createdAt') ? NEWEST_FIRST : NEWEST_ID_FIRST;
}

/** The keys a list is ordered by: its sort, then `id` ascending unless the sort names it. */
export function orderKeys(sort: readonly SortKey[]): SortKey[] {
  const keys = [...sort];
  if (!keys.some((k) => k.field === 'id')) keys.push({ field: 'id', direction: 'asc' });
  return keys;
}
