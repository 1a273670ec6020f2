import { describe, expect, it } from 'vitest';
import { deriveTables, type TableSchema } from '../../src/index.js';
import { entity, field, model, type } from '../support/model-builder.js';
import { helpdesk } from './fixtures.js';

const schema = deriveTables(helpdesk());
const table = (name: string): TableSchema => {
  const found = schema.tables.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found;
};
const column = (t: string, c: string) => table(t).columns.find((col) => col.name === c);

describe('deriveTables', () => {
  it('names tables by the plural in snake case and keeps field names as written', () => {
    const names = deriveTables(
      model([entity('LineItem', [field('unitPrice', type.money())])]),
    ).tables.map((t) => t.name);
    expect(names).toEqual([
      'users',
      'user_roles',
      'users_history',
      'line_items',
      'line_items_history',
    ]);
    expect(column('tickets', 'dueDate')).toEqual({ name: 'dueDate', type: 'date', nullable: true });
  });

  it('gives every entity its built-in fields, id first and the engine fields last', () => {
    const names = table('tickets').columns.map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(['id', 'title']);
    expect(names.slice(-4)).toEqual(['createdAt', 'updatedAt', 'createdBy', 'version']);
    expect(column('tickets', 'version')).toEqual({
      name: 'version',
      type: 'integer',
      nullable: false,
      default: 1,
    });
    expect(column('tickets', 'createdBy')?.references).toEqual({
      table: 'users',
      onDelete: 'set null',
    });
  });

  it('takes the scale of money from its currency, else from the application', () => {
    expect(column('tickets', 'price')).toMatchObject({ type: 'money', currency: 'USD', scale: 2 });
    expect(column('tickets', 'yen')).toMatchObject({ currency: 'JPY', scale: 0 });
    expect(column('tickets', 'fee')).toMatchObject({ currency: 'EUR', scale: 2 });
    const noCurrency = deriveTables(model([entity('Order', [field('total', type.money())])]));
    expect(noCurrency.tables[3]!.columns[1]).toEqual({
      name: 'total',
      type: 'money',
      nullable: true,
      scale: 2,
    });
  });

  it('checks enums and states against their values, with the initial state as default', () => {
    expect(column('tickets', 'priority')).toMatchObject({
      values: ['low', 'normal', 'high'],
      default: 'normal',
      nullable: false,
    });
    expect(column('tickets', 'status')).toMatchObject({
      values: ['open', 'closed'],
      default: 'open',
    });
  });

  it('makes references foreign keys with an index, and unique rules unique indexes', () => {
    expect(column('comments', 'ticket')?.references).toEqual({
      table: 'tickets',
      onDelete: 'restrict',
    });
    expect(table('comments').indexes).toContainEqual({
      name: 'comments_ticket_idx',
      columns: ['ticket'],
      unique: false,
    });
    expect(table('tags').indexes).toEqual([
      { name: 'tags_name_key', columns: ['name'], unique: true },
      { name: 'tags_createdBy_idx', columns: ['createdBy'], unique: false },
    ]);
    expect(table('users').indexes).toContainEqual({
      name: 'users_email_key',
      columns: ['email'],
      unique: true,
    });
  });

  it('stores a list of as a join table with positions', () => {
    expect(column('tickets', 'tags')).toBeUndefined();
    expect(table('tickets_tags')).toMatchObject({
      role: { kind: 'list', entity: 'Ticket', field: 'tags', item: 'Tag' },
      primaryKey: ['recordId', 'itemId'],
      columns: [
        { name: 'recordId', references: { table: 'tickets', onDelete: 'cascade' } },
        { name: 'itemId', references: { table: 'tags', onDelete: 'restrict' } },
        { name: 'position', type: 'integer', nullable: false },
      ],
    });
  });

  it('adds the users, their roles and a history table per entity', () => {
    expect(table('user_roles').primaryKey).toEqual(['userId', 'role']);
    expect(table('tickets_history').columns.map((c) => c.name)).toEqual([
      'id',
      'recordId',
      'action',
      'fromState',
      'toState',
      'input',
      'byUser',
      'at',
      'changes',
    ]);
    expect(column('users', 'roles')).toBeUndefined();
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });
});
