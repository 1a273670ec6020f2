import {
  isAddressProblem,
  pathAddress,
  type AddressedBy,
  type AddressedParent,
  type ApiCall,
} from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import { valueSchema } from './field-values.js';
import type { JsonSchema, ParameterObject, Reference } from './openapi-types.js';

/** The value a parameter holds, typed by the field it addresses by (`:number` is an integer). */
function schemaOf(ctx: DocumentContext, by: AddressedBy): JsonSchema {
  const entity = ctx.model.entities.find((e) => e.name === by.entity);
  const field = entity?.fields.find((f) => f.name === by.field);
  return entity && field ? valueSchema(ctx.model, entity, field, 'input') : { type: 'string' };
}

function describe(by: AddressedBy, child?: { entity: string; parent: AddressedParent }): string {
  const what =
    by.field === 'id' ? `The id of the ${by.entity}` : `The \`${by.field}\` of the ${by.entity}`;
  if (!child) return `${what} the call acts on.`;
  return `${what} the ${child.entity} belongs to (its \`${child.parent.via}\`); 404 when there is none the caller may read.`;
}

/**
 * The path's parameters, each typed by the field it addresses by: the last the call's record,
 * earlier ones the parents (http/path-records.ts). A bare `:id` is the shared `id` parameter.
 */
export function pathParameters(
  ctx: DocumentContext,
  call: Pick<ApiCall, 'path' | 'operation'>,
): (ParameterObject | Reference)[] {
  const found = pathAddress(ctx.model, call);
  const address = isAddressProblem(found) ? { parents: [] } : found;
  const entity = 'entity' in call.operation ? call.operation.entity : '';
  const byParam = new Map<string, { by: AddressedBy; child?: AddressedParent; of: string }>();
  address.parents.forEach((parent, i) => {
    const of = address.parents[i + 1]?.entity ?? entity;
    byParam.set(parent.param, { by: parent, child: parent, of });
  });
  if ('record' in address && address.record)
    byParam.set(address.record.param, { by: address.record, of: entity });
  return [...call.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map(([, name]) => {
    const found = byParam.get(name!);
    if (name === 'id' && (!found || !found.child))
      return ctx.components.parameter('id', () => ({
        name: 'id',
        in: 'path',
        required: true,
        description: "The record's id.",
        schema: { type: 'string' },
      }));
    return {
      name: name!,
      in: 'path',
      required: true,
      description: found
        ? describe(found.by, found.child && { entity: found.of, parent: found.child })
        : `The \`${name}\` of the path.`,
      schema: found ? schemaOf(ctx, found.by) : { type: 'string' },
    };
  });
}
