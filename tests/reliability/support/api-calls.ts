/** A JSON Schema as the OpenAPI document gives it: only what the generators read. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
}

/** One call of the API, from the OpenAPI document of the served application. */
export interface CallShape {
  method: string;
  /** The path template, `{id}` where a record's id goes. */
  path: string;
  /** The JSON body it takes, resolved; undefined when it takes none. */
  body?: Schema;
  takesId: boolean;
  /** sign-up, sign-in, sign-out, me: not the model's records. */
  account: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
  components: { schemas: Record<string, Schema> };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
// Served for everyone, the same for everyone, taking nothing: not calls of the application.
const ALWAYS_SERVED = new Set(['/api/_health', '/api/_model']);

function resolve(doc: OpenApi, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
}

/** Every call the document describes, but the always-served ones. */
export function callsOf(doc: OpenApi): CallShape[] {
  const calls: CallShape[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (ALWAYS_SERVED.has(path)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const body = resolve(doc, operation.requestBody?.content?.['application/json']?.schema);
      calls.push({
        method: method.toUpperCase(),
        path,
        ...(body ? { body } : {}),
        takesId: path.includes('{id}'),
        account: /^\/api\/(sign-|me\b)/.test(path),
      });
    }
  }
  return calls;
}

const typesOf = (schema: Schema) => ([] as string[]).concat(schema.type ?? []);

/** A value the schema takes, plain and short: the part of a request that is not the mistake. */
export function validValue(schema: Schema, name: string): unknown {
  if (schema.enum) return schema.enum[0];
  const types = typesOf(schema);
  if (types.includes('null') && !name.startsWith('title')) return null;
  if (types.includes('boolean')) return true;
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('array')) return schema.items ? [validValue(schema.items, name)] : [];
  if (schema.format === 'email') return `someone.${name}@reliability.test`;
  if (schema.format === 'password') return 'a long enough password';
  return 'Valid text'.padEnd(Math.max(schema.minLength ?? 0, 10), '.');
}

/** A body of the schema's required fields with plain values. */
export function validBody(schema: Schema): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? [])
    body[name] = validValue(schema.properties![name]!, name);
  return body;
}

/** Whether a property is of one JSON type only (besides null), so another type is a mistake. */
export const jsonTypes = typesOf;
