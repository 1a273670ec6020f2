import { isSearchedField, type AppModel, type Entity } from '@specrun/model';
import { deriveColumn, tableOf } from './derive-columns.js';
import { chooseIndexes } from './derived-indexes/choose-indexes.js';
import { indexNeeds } from './derived-indexes/index-needs.js';
import type { IndexNeed } from './derived-indexes/index-need.js';
import { entityFields, storedEntities } from './entity-fields.js';
import { keyIndexes } from './key-indexes.js';
import {
  entityTableName,
  fileTableName,
  filesTableName,
  historyTableName,
  listTableName,
  objectName,
  USER_ROLES_TABLE,
} from './naming.js';
import {
  SCHEMA_FORMAT,
  type ColumnSchema,
  type IndexSchema,
  type SchemaDescription,
  type TableSchema,
} from './schema-types.js';

const id = (name: string, table: string, onDelete: 'cascade' | 'restrict' | 'set null') =>
  ({
    name,
    type: 'id',
    nullable: onDelete === 'set null',
    references: { table, onDelete },
  }) as const;

function entityTable(model: AppModel, entity: Entity, needs: IndexNeed[]): TableSchema {
  const name = entityTableName(entity);
  const columns: ColumnSchema[] = [];
  const search: string[] = [];
  const unique: IndexSchema[] = [];
  const references: IndexSchema[] = [];
  for (const field of entityFields(entity)) {
    const column = deriveColumn(model, entity, field);
    if (!column) continue;
    columns.push(column);
    if (isSearchedField(field)) search.push(field.name);
    if (field.name === 'id') continue;
    const keys = keyIndexes(name, field);
    if (keys.length > 0) {
      unique.push(...keys);
    } else if (column.references) {
      // Every foreign key gets an index: deletes and joins look rows up by it.
      references.push({
        name: objectName(name, field.name, 'idx'),
        columns: [field.name],
        unique: false,
      });
    }
  }
  // A key on several columns finds one row only when all of them are pinned: not counted here.
  const one = new Set([
    'id',
    ...unique.filter((i) => i.columns.length === 1).map((i) => i.columns[0]!),
  ]);
  const stored = new Set(columns.map((c) => c.name));
  // A need on a field without a column of its own (a list, a file) has no index to ask for.
  const usable = needs.filter((n) =>
    [...n.equal, ...n.compared, ...n.order.map((o) => o.column)].every((c) => stored.has(c)),
  );
  const table: TableSchema = {
    name,
    role: { kind: 'entity', entity: entity.name },
    columns,
    primaryKey: ['id'],
    indexes: chooseIndexes(name, unique, references, usable, one),
  };
  if (search.length > 0) table.search = search;
  return table;
}

function listTables(model: AppModel, entity: Entity): TableSchema[] {
  const owner = entityTableName(entity);
  return entityFields(entity).flatMap((field) => {
    if (field.type.kind !== 'list') return [];
    const name = listTableName(owner, field.name);
    const item = field.type.entity;
    return [
      {
        name,
        role: { kind: 'list', entity: entity.name, field: field.name, item },
        columns: [
          id('recordId', owner, 'cascade'),
          { ...id('itemId', tableOf(model, item), 'restrict'), nullable: false },
          { name: 'position', type: 'integer', nullable: false },
        ],
        primaryKey: ['recordId', 'itemId'],
        indexes: [{ name: objectName(name, 'itemId', 'idx'), columns: ['itemId'], unique: false }],
      },
    ];
  });
}

/**
 * One table per `file` field: each record's file of that field (one at most, keyed by the record)
 * with its name, media type, size and bytes, and `id`, which is new whenever the bytes change. The
 * record's own column holds the file's description; the bytes go with the record. A `list of
 * files` field's table holds a row per file, keyed by its `id` and found by its record's.
 */
function fileTables(entity: Entity): TableSchema[] {
  const owner = entityTableName(entity);
  return entityFields(entity).flatMap((field): TableSchema[] => {
    const kind = field.type.kind;
    if (kind !== 'file' && kind !== 'files') return [];
    const name = (kind === 'file' ? fileTableName : filesTableName)(owner, field.name);
    return [
      {
        name,
        role: { kind, entity: entity.name, field: field.name },
        columns: [
          id('recordId', owner, 'cascade'),
          { name: 'id', type: 'id', nullable: false },
          { name: 'name', type: 'text', nullable: false },
          { name: 'type', type: 'text', nullable: false },
          { name: 'size', type: 'integer', nullable: false },
          { name: 'content', type: 'bytes', nullable: false },
        ],
        primaryKey: kind === 'file' ? ['recordId'] : ['id'],
        indexes:
          kind === 'file'
            ? []
            : [{ name: objectName(name, 'recordId', 'idx'), columns: ['recordId'], unique: false }],
      },
    ];
  });
}

function historyTable(entity: Entity): TableSchema {
  const owner = entityTableName(entity);
  const name = historyTableName(owner);
  return {
    name,
    role: { kind: 'history', entity: entity.name },
    columns: [
      { name: 'id', type: 'id', nullable: false },
      id('recordId', owner, 'cascade'),
      { name: 'action', type: 'text', nullable: false },
      { name: 'fromState', type: 'text', nullable: true },
      { name: 'toState', type: 'text', nullable: true },
      { name: 'input', type: 'json', nullable: true },
      id('byUser', 'users', 'set null'),
      { name: 'at', type: 'datetime', nullable: false },
      // Added after the others: a database made before keeps its table, with the column added.
      { name: 'changes', type: 'json', nullable: true },
    ],
    primaryKey: ['id'],
    indexes: [
      { name: objectName(name, 'recordId', 'idx'), columns: ['recordId', 'at'], unique: false },
    ],
  };
}

const rolesTable: TableSchema = {
  name: USER_ROLES_TABLE,
  role: { kind: 'roles', entity: 'User' },
  columns: [id('userId', 'users', 'cascade'), { name: 'role', type: 'text', nullable: false }],
  primaryKey: ['userId', 'role'],
  indexes: [],
};

/**
 * The tables a model needs: one per entity (User included), a join table per `list of` field, a
 * table per `file` and `list of files` field, the users' roles, and a history table per entity;
 * each entity's table with the indexes its lists and counts need (see derived-indexes/) and the
 * text columns its lists search (see search-ddl.ts). Plain JSON, stored as the snapshot.
 */
export function deriveTables(model: AppModel): SchemaDescription {
  const tables: TableSchema[] = [];
  const needs = indexNeeds(model);
  for (const entity of storedEntities(model)) {
    const own = needs.filter((n) => n.entity === entity.name);
    tables.push(
      entityTable(model, entity, own),
      ...listTables(model, entity),
      ...fileTables(entity),
    );
    if (entity.name === 'User') tables.push(structuredClone(rolesTable));
    tables.push(historyTable(entity));
  }
  return { format: SCHEMA_FORMAT, tables };
}
