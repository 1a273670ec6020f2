import type { ApiCall } from '@specrun/model';

/**
 * Where a record of `entity` is read: the path of its `get` call with the id filled in, for the
 * Location of a created record. Undefined when the API has no such call.
 */
export function recordLocation(
  calls: readonly ApiCall[],
  entity: string,
): ((id: string) => string) | undefined {
  const get = calls.find(
    (c) => c.method === 'GET' && c.operation.kind === 'get' && c.operation.entity === entity,
  );
  if (!get) return undefined;
  return (id) => get.path.replace(':id', encodeURIComponent(id));
}
