import { compilePattern, isSettable, type AppModel, type Entity, type Field } from '@specrun/model';
import { fieldDescription } from './field-notes.js';
import { orNull, valueSchema } from './field-values.js';
import type { JsonSchema } from './openapi-types.js';

/** Fields that always hold a value once the record exists, whatever `required` says. */
function alwaysPresent(field: Field): boolean {
  const kind = field.type.kind;
  return (
    kind === 'state' || kind === 'list' || kind === 'files' || kind === 'roles' || kind === 'id'
  );
}

const described = (schema: JsonSchema, description: string): JsonSchema =>
  description ? { ...schema, description } : schema;

/** A field as the API answers it: null when empty; read-only when no caller can set it. */
export function answerFieldSchema(model: AppModel, entity: Entity, field: Field): JsonSchema {
  const value = valueSchema(model, entity, field, 'answer');
  const computed = field.rules.some((r) => r.kind === 'computed');
  const present = alwaysPresent(field) || (field.required && !computed);
  const schema: JsonSchema = present ? value : orNull(value);
  if (!isSettable(field)) schema.readOnly = true;
  return described(schema, fieldDescription(model, entity, field, 'answer'));
}

/** The rules of section 3 that JSON Schema can say exactly. */
function withRules(schema: JsonSchema, field: Field): JsonSchema {
  const out = { ...schema };
  const integer = field.type.kind === 'integer';
  for (const rule of field.rules) {
    if (rule.kind === 'length' && rule.min !== undefined) out.minLength = rule.min;
    if (rule.kind === 'length' && rule.max !== undefined) out.maxLength = rule.max;
    if (rule.kind === 'items' && rule.min !== undefined) out.minItems = rule.min;
    if (rule.kind === 'items' && rule.max !== undefined)
      out.maxItems = Math.min(rule.max, Number(out.maxItems ?? rule.max));
    if (rule.kind === 'pattern') out.pattern = rule.regex;
    if (integer && rule.kind === 'min') out.minimum = Math.ceil(rule.value);
    if (integer && rule.kind === 'max') out.maximum = Math.floor(rule.value);
  }
  return out;
}

/** A required field cannot be empty: empty text and empty lists count as no value. */
function nonEmpty(schema: JsonSchema): JsonSchema {
  if (schema.type === 'array')
    return { ...schema, minItems: Math.max(1, Number(schema.minItems ?? 0)) };
  // An enum already refuses the empty string.
  if (schema.type !== 'string' || schema.enum) return schema;
  return { ...schema, minLength: Math.max(1, Number(schema.minLength ?? 0)) };
}

/** A literal default the schema itself can carry (money and decimals as their strings). */
function literalDefault(field: Field, schema: JsonSchema): unknown {
  if (field.default?.kind !== 'literal' || field.default.value === null) return undefined;
  const value = field.default.value;
  if (schema.type === 'string') {
    const text = String(value);
    // As values are checked: on the linear-time engine.
    const pattern = typeof schema.pattern === 'string' ? compilePattern(schema.pattern) : undefined;
    return !pattern || pattern.test(text) ? text : undefined;
  }
  if (schema.type === 'integer') return Number.isSafeInteger(value) ? value : undefined;
  return typeof value === 'boolean' && schema.type === 'boolean' ? value : undefined;
}

/**
 * A settable field as a caller sends it on create or update. A required field must have a
 * value (and cannot be emptied by an update); an optional one may be sent as null to empty it.
 */
export function inputFieldSchema(
  model: AppModel,
  entity: Entity,
  field: Field,
  mode: 'create' | 'update',
): JsonSchema {
  const value = withRules(valueSchema(model, entity, field, 'input'), field);
  let schema = field.required ? nonEmpty(value) : orNull(value);
  const fallback = mode === 'create' ? literalDefault(field, value) : undefined;
  if (fallback !== undefined) schema = { ...schema, default: fallback };
  return described(schema, fieldDescription(model, entity, field, 'input'));
}

/** Whether a create must send the field: required, and no default gives it a value. */
export function requiredOnCreate(field: Field): boolean {
  return field.required && field.default === undefined;
}
