import type {
  ComponentsObject,
  HeaderObject,
  JsonSchema,
  ParameterObject,
  Reference,
  ResponseObject,
} from './openapi-types.js';

type Part = 'schemas' | 'responses' | 'parameters' | 'headers';

interface PartTypes {
  schemas: JsonSchema;
  responses: ResponseObject;
  parameters: ParameterObject;
  headers: HeaderObject;
}

const sortedRecord = <T>(map: Map<string, T | undefined>): Record<string, T> =>
  Object.fromEntries(
    [...map.entries()]
      .filter((entry): entry is [string, T] => entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/**
 * The reusable parts of the document. A part is built the first time an operation refers to it,
 * so the document holds exactly the components it uses (the linters flag unused ones), and each
 * kind is written sorted by name so the output does not depend on the order of the calls.
 */
export class Components {
  private readonly parts: { [K in Part]: Map<string, PartTypes[K] | undefined> } = {
    schemas: new Map(),
    responses: new Map(),
    parameters: new Map(),
    headers: new Map(),
  };

  private ref<K extends Part>(part: K, name: string, build: () => PartTypes[K]): Reference {
    const map = this.parts[part];
    if (!map.has(name)) {
      // Marked first, so a schema that refers to itself (User.createdBy) does not recurse.
      map.set(name, undefined);
      map.set(name, build());
    }
    return { $ref: `#/components/${part}/${name}` };
  }

  schema(name: string, build: () => JsonSchema): Reference {
    return this.ref('schemas', name, build);
  }

  response(name: string, build: () => ResponseObject): Reference {
    return this.ref('responses', name, build);
  }

  parameter(name: string, build: () => ParameterObject): Reference {
    return this.ref('parameters', name, build);
  }

  header(name: string, build: () => HeaderObject): Reference {
    return this.ref('headers', name, build);
  }

  /** The components object, with the security schemes given. */
  toObject(securitySchemes: Record<string, JsonSchema>): ComponentsObject {
    const out: ComponentsObject = {};
    if (this.parts.schemas.size > 0) out.schemas = sortedRecord(this.parts.schemas);
    if (this.parts.responses.size > 0) out.responses = sortedRecord(this.parts.responses);
    if (this.parts.parameters.size > 0) out.parameters = sortedRecord(this.parts.parameters);
    if (this.parts.headers.size > 0) out.headers = sortedRecord(this.parts.headers);
    out.securitySchemes = securitySchemes;
    return out;
  }
}
