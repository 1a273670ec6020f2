import { currencyScale, type AppModel, type Entity, type Field } from '@specrun/model';
import { entityTableName } from './naming.js';
import type { ColumnDefault, ColumnSchema, ColumnType } from './schema-types.js';
import { canonicalValue } from './wire-values.js';

const SIMPLE: Partial<Record<Field['type']['kind'], ColumnType>> = {
  id: 'id',
  text: 'text',
  longText: 'text',
  email: 'text',
  url: 'text',
  file: 'file',
  files: 'files',
  enum: 'text',
  state: 'text',
  integer: 'integer',
  decimal: 'decimal',
  money: 'money',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  reference: 'id',
};

/** The table an entity name resolves to; User is always `users`. */
export function tableOf(model: AppModel, entityName: string): string {
  const entity = model.entities.find((e) => e.name === entityName);
  return entity ? entityTableName(entity) : entityTableName({ name: entityName, plural: '' });
}

function literalDefault(column: ColumnSchema, field: Field): ColumnDefault | undefined {
  if (field.default?.kind !== 'literal' || field.default.value === null) return undefined;
  const canonical = canonicalValue(column, field.default.value);
  if (!canonical.ok) return undefined;
  const value = canonical.value;
  return typeof value === 'bigint' ? Number(value) : (value as ColumnDefault);
}

function stateValues(model: AppModel, entity: Entity, field: Field) {
  return model.lifecycles.find((l) => l.entity === entity.name && l.field === field.name);
}

/** The column a field is stored in; none for `list of` and roles, which have their own tables. */
export function deriveColumn(
  model: AppModel,
  entity: Entity,
  field: Field,
): ColumnSchema | undefined {
  const t = field.type;
  const type = SIMPLE[t.kind];
  if (!type) return undefined;
  const computed = field.rules.some((r) => r.kind === 'computed');
  // No files is null, as for a list of references the checks of a write keep it from being empty.
  const nullable = !field.required || computed || t.kind === 'files';
  const column: ColumnSchema = { name: field.name, type, nullable };
  if (t.kind === 'money') {
    column.currency = t.currency ?? model.properties.currency;
    column.scale = currencyScale(column.currency);
    if (column.currency === undefined) delete column.currency;
  }
  if (t.kind === 'enum') column.values = [...t.values];
  if (t.kind === 'reference') {
    const onDelete = field.builtin ? 'set null' : 'restrict';
    column.references = { table: tableOf(model, t.entity), onDelete };
  }
  const lifecycle = t.kind === 'state' ? stateValues(model, entity, field) : undefined;
  if (lifecycle) column.values = [...lifecycle.states];
  const fallback = field.name === 'version' && field.builtin ? 1 : lifecycle?.initial;
  const value = literalDefault(column, field) ?? fallback;
  if (value !== undefined) column.default = value;
  return column;
}
