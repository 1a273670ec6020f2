import { isAddressProblem, pathAddress, type ApiCall, type AppModel } from '@specrun/model';

/** The parent a create call is nested under, and the reference that names it. */
export interface NestedParent {
  /** The new record's reference to the parent: `candidate`. */
  via: string;
  /** The path parameter the parent's id fills: `id` of `/v1/candidates/:id/applications`. */
  param: string;
}

/**
 * The parent a create call takes from its path rather than its payload (Hiring's
 * `POST /v1/candidates/:id/applications`), when one parent addressed by its id: a form that is
 * not on the parent's page asks for it with the reference's picker and puts it in the path.
 */
export function nestedParent(model: AppModel, call: ApiCall | undefined): NestedParent | undefined {
  if (!call || call.operation.kind !== 'create') return undefined;
  const address = pathAddress(model, call);
  if (isAddressProblem(address) || address.parents.length !== 1) return undefined;
  const parent = address.parents[0]!;
  return parent.field === 'id' ? { via: parent.via, param: parent.param } : undefined;
}

/** The values split into the path's parent and the payload's fields. */
export function splitParent(
  parent: NestedParent,
  values: Record<string, unknown>,
): { path: Record<string, string>; fields: Record<string, unknown> } {
  const fields = { ...values };
  const id = fields[parent.via];
  delete fields[parent.via];
  return { path: typeof id === 'string' ? { [parent.param]: id } : {}, fields };
}
