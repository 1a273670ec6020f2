import type { JsonSchema, OpenApiDocument } from '../../../src/openapi/openapi-types.js';

/**
 * Where a value does not fit a schema of an OpenAPI document, one line per mismatch; empty when
 * it fits. A small checker of the keywords the document uses (its $refs, anyOf, types, enum,
 * const, pattern, formats, lengths, bounds, required, properties, additionalProperties, items),
 * so the tests need no validator library the server does not depend on.
 */
export function schemaMismatches(
  document: OpenApiDocument,
  schema: JsonSchema,
  value: unknown,
  at = '$',
): string[] {
  const check = (s: JsonSchema, v: unknown, path: string) => schemaMismatches(document, s, v, path);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas?.[name];
    return target ? check(target, value, at) : [`${at}: no schema ${schema.$ref}`];
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as JsonSchema[]).map((s) => check(s, value, at));
    if (!branches.some((b) => b.length === 0))
      return [`${at}: fits no anyOf branch (${branches.flat().join('; ')})`];
  }
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) {
    const problems = check(part, value, at);
    if (problems.length > 0) return problems;
  }
  const out: string[] = [];
  const types = schema.type === undefined ? [] : ([] as unknown[]).concat(schema.type);
  if (types.length > 0 && !types.some((t) => hasType(value, t as string)))
    return [`${at}: ${JSON.stringify(value)} is not ${types.join(' or ')}`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    out.push(`${at}: ${JSON.stringify(value)} is not in the enum`);
  if ('const' in schema && schema.const !== value)
    out.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') out.push(...stringMismatches(schema, value, at));
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      out.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      out.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      out.push(`${at}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      out.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length)
      out.push(`${at}: repeats an item`);
    if (schema.items)
      value.forEach((item, i) =>
        out.push(...check(schema.items as JsonSchema, item, `${at}[${i}]`)),
      );
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (!(name in record)) out.push(`${at}: lacks ${name}`);
    for (const [name, item] of Object.entries(record)) {
      if (properties[name]) out.push(...check(properties[name], item, `${at}.${name}`));
      else if (schema.additionalProperties === false)
        out.push(`${at}: has ${name}, which it may not`);
    }
  }
  return out;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

const FORMATS: Record<string, (text: string) => boolean> = {
  date: (t) => /^\d{4}-\d{2}-\d{2}$/.test(t) && !Number.isNaN(Date.parse(t)),
  'date-time': (t) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(t),
  email: (t) => /^[^\s@]+@[^\s@]+$/.test(t),
  uri: (t) => URL.canParse(t),
};

function stringMismatches(schema: JsonSchema, value: string, at: string): string[] {
  const out: string[] = [];
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength)
    out.push(`${at}: shorter than ${schema.minLength}`);
  if (typeof schema.maxLength === 'number' && length > schema.maxLength)
    out.push(`${at}: longer than ${schema.maxLength}`);
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
    out.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format && !format(value))
    out.push(`${at}: ${JSON.stringify(value)} is not a ${String(schema.format)}`);
  return out;
}
