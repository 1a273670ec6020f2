import {
  findCall,
  isAddressProblem,
  pathAddress,
  type ApiCall,
  type AppModel,
} from '@specrun/model';

/** The calls that act on one record: the first of them that the API serves tells its handle. */
const ON_ONE = ['get', 'update', 'delete'] as const;

/**
 * The field the API addresses an entity's records by: the one the last parameter of its get (or
 * update, or delete) call names — `slug` for `/api/articles/:slug` — else the id. Screens link,
 * read, change and delete records by it, so a record a declared call answers without its id
 * (a projection) can still be opened.
 */
export function handleField(model: AppModel, calls: readonly ApiCall[], entity: string): string {
  for (const kind of ON_ONE) {
    const call = findCall(calls, kind, entity);
    if (!call) continue;
    const address = pathAddress(model, call);
    if (!isAddressProblem(address) && address.record) return address.record.field;
  }
  return 'id';
}

/** A record's value of its handle field, as the text a path or a route carries. */
export function handleValue(record: unknown, field: string): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const value = (record as Record<string, unknown>)[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
