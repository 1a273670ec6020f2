import type { SqlColumn, SqlListTable, SqlMapping } from '@specrun/expr';
import type { Dialect } from '../store/column-codec.js';
import type { SchemaDescription, TableSchema } from '../store/schema-types.js';

/** A list or roles table as the compiler sees it: the first key column owns, the second is the item. */
function listTable(table: TableSchema): SqlListTable {
  const [ownerColumn = 'recordId', itemColumn = 'itemId'] = table.primaryKey;
  return { table: table.name, ownerColumn, itemColumn };
}

/** The compiler's view of the store's tables, so CEL conditions can run in the database. */
export function sqlMapping(schema: SchemaDescription, dialect: Dialect): SqlMapping {
  const entities = new Map<string, TableSchema>();
  const lists = new Map<string, TableSchema>();
  let roles: TableSchema | undefined;
  for (const table of schema.tables) {
    const role = table.role;
    if (role.kind === 'entity') entities.set(role.entity, table);
    else if (role.kind === 'list') lists.set(`${role.entity}.${role.field}`, table);
    else if (role.kind === 'roles') roles = table;
  }
  return {
    dialect,
    table: (entity) => entities.get(entity)?.name,
    column(entity, field): SqlColumn | undefined {
      const column = entities.get(entity)?.columns.find((c) => c.name === field);
      if (!column) return undefined;
      const { name, nullable, scale } = column;
      // A file is compared with null only: as text, whatever describes it. A list of files is
      // never read here (the compiler refuses it); text all the same.
      const text = ['file', 'files', 'bytes'].includes(column.type);
      const type = text ? 'text' : (column.type as SqlColumn['type']);
      return scale === undefined ? { name, type, nullable } : { name, type, nullable, scale };
    },
    list(entity, field) {
      const table = lists.get(`${entity}.${field}`);
      return table && listTable(table);
    },
    roles: roles
      ? listTable(roles)
      : { table: 'user_roles', ownerColumn: 'userId', itemColumn: 'role' },
  };
}
