import { currencyScale, type AppModel, type FieldType } from '@specrun/model';
import { fieldOf, findEntity } from '../entity-fields.js';
import type { SqlColumn, SqlDialect, SqlMapping } from './mapping.js';

const TYPES: Partial<Record<FieldType['kind'], SqlColumn['type']>> = {
  id: 'id',
  reference: 'id',
  integer: 'integer',
  decimal: 'decimal',
  money: 'money',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
};

/**
 * A mapping laid out from the model alone, as the store lays its tables out: a table per entity
 * (User included), a column per stored field, a table per list. The names may differ from the
 * store's, but which fields have a column does not, so whether a condition compiles does not
 * either: `specrun check` asks it, and the compiler's own tests run on it.
 */
export function modelMapping(model: AppModel, dialect: SqlDialect): SqlMapping {
  const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const table = (entity: string) => {
    const e = findEntity(model, entity);
    return e && snake(e.plural);
  };
  return {
    dialect,
    table,
    column(entity, name) {
      const field = fieldOf(model, entity, name);
      if (!field || field.type.kind === 'list' || field.type.kind === 'roles') return undefined;
      const type = TYPES[field.type.kind] ?? 'text';
      // As the store lays them out: a computed value may be empty, money has its currency's scale.
      const nullable = !field.required || field.rules.some((r) => r.kind === 'computed');
      if (field.type.kind !== 'money') return { name, type, nullable };
      const scale = currencyScale(field.type.currency ?? model.properties.currency);
      return { name, type, nullable, scale };
    },
    list: (entity, name) => ({
      table: `${table(entity)}_${snake(name)}`,
      ownerColumn: 'recordId',
      itemColumn: 'itemId',
    }),
    roles: { table: 'user_roles', ownerColumn: 'userId', itemColumn: 'role' },
  };
}
