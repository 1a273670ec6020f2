import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type RawBuilder,
} from 'kysely';
import type { AppModel, FieldType } from '@specrun/model';
import { fieldsOf, findEntity } from '../entity-fields.js';
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

/** A mapping laid out as the store lays tables out, for the compiler's own unit tests. */
export function testMapping(model: AppModel, dialect: SqlDialect): SqlMapping {
  const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const table = (entity: string) => {
    const e = findEntity(model, entity);
    return e && snake(e.plural);
  };
  return {
    dialect,
    table,
    column(entity, name) {
      const field = fieldsOf(model, entity).find((f) => f.name === name);
      if (!field || field.type.kind === 'list' || field.type.kind === 'roles') return undefined;
      const type = TYPES[field.type.kind] ?? 'text';
      return { name, type, nullable: !field.required, ...(type === 'money' ? { scale: 2 } : {}) };
    },
    list: (entity, name) => ({
      table: `${table(entity)}_${snake(name)}`,
      ownerColumn: 'recordId',
      itemColumn: 'itemId',
    }),
    roles: { table: 'user_roles', ownerColumn: 'userId', itemColumn: 'role' },
  };
}

/** The SQL text and parameters of a compiled condition, without a database. */
export function sqlText(condition: RawBuilder<unknown>, dialect: SqlDialect) {
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) =>
        dialect === 'sqlite' ? new SqliteIntrospector(k) : new PostgresIntrospector(k),
      createQueryCompiler: () =>
        dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });
  const { sql, parameters } = condition.compile(db);
  return { sql, parameters };
}
