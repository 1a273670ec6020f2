import { isAddressProblem, pathAddress, type ApiCall, type AppModel } from '@specrun/model';

/**
 * The path values that put a call under one parent record, when the call is nested under it
 * through `back` (`GET /api/articles/:slug/comments`, whose `:slug` addresses the Article that
 * Comment's `article` refers to): the parent's value of each field the path addresses it by.
 * Undefined when the call is not nested through `back`, or the parent lacks the values.
 */
export function nestedPath(
  model: AppModel,
  call: ApiCall,
  back: string,
  parent: Readonly<Record<string, unknown>>,
): Record<string, string> | undefined {
  const address = pathAddress(model, call);
  if (isAddressProblem(address)) return undefined;
  const innermost = address.parents[address.parents.length - 1];
  // Only a call with one parent can be filled from this record alone.
  if (!innermost || address.parents.length !== 1 || innermost.via !== back) return undefined;
  const value = parent[innermost.field];
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return { [innermost.param]: String(value) };
}

/** Whether a call's path names a parent record (`/api/articles/:slug/comments`). */
export function isNested(model: AppModel, call: ApiCall): boolean {
  const address = pathAddress(model, call);
  return !isAddressProblem(address) && address.parents.length > 0;
}
