import type { Entity, Shape, ApiCall } from '@specrun/model';
import type {
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ResponseObject,
} from '../../../src/openapi/openapi-types.js';

type Fields = Record<string, unknown>;

/** The served call of an entity's operation, if the API has one. */
export function callOf(
  calls: readonly ApiCall[],
  kind: string,
  entity: string,
): ApiCall | undefined {
  return calls.find(
    (c) => c.operation.kind === kind && 'entity' in c.operation && c.operation.entity === entity,
  );
}

/** The document's operation for a served call. */
export function operationOf(document: OpenApiDocument, call: ApiCall): OperationObject {
  const path = call.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
  const method = call.method.toLowerCase() as 'get';
  return document.paths[path]![method]!;
}

/** The JSON body schema of an operation's request. */
export function requestSchema(operation: OperationObject): JsonSchema {
  return operation.requestBody!.content['application/json']!.schema;
}

/** The JSON body schema of an operation's answer with that status. */
export function answerSchema(operation: OperationObject, status: string): JsonSchema {
  const response = operation.responses[status] as ResponseObject;
  return response.content!['application/json']!.schema;
}

/**
 * A valid body completed with the literal defaults of the fields a declared payload requires (a
 * name without `?`): the call's contract asks for them, though the server would default them.
 */
export function withRequiredDefaults(
  entity: Entity,
  shape: Shape | undefined,
  body: Fields,
): Fields {
  const out = { ...body };
  const visit = (s: Shape | undefined) => {
    if (!s || s.kind !== 'object') return;
    for (const property of s.properties) {
      visit(property.shape);
      const field = entity.fields.find((f) => f.name === property.name);
      if (property.optional || property.name in out || field?.default?.kind !== 'literal') continue;
      out[property.name] = field.default.value;
    }
  };
  visit(shape);
  return out;
}
