import type { Allowance, FieldSelection, Permission, Role } from '@specrun/model';
import type { RootContent, Table } from 'mdast';
import { readExpression } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import type { Cell } from '../tables/read-cell.js';
import { cellOf, headerNames, readTable, type Row } from '../tables/read-table.js';
import { atItem, splitItems, wordOf, type Item } from '../tables/split-items.js';
import { defaultRoles, readRoles } from './read-roles.js';

const COLUMNS = [
  { name: 'role', required: true },
  { name: 'entity', required: true },
  { name: 'actions', required: true },
  { name: 'allowed' },
  { name: 'fields' },
];

function readAllowed(cell: Cell, ctx: ReadContext): Allowance {
  const text = cell.text.toLowerCase();
  if (text === 'yes' || text === '') return { kind: 'yes' };
  if (text === 'no') return { kind: 'no' };
  const condition = readExpression(cell, ctx, 'condition (Allowed)');
  return condition ? { kind: 'when', condition } : { kind: 'no' };
}

function readFields(cell: Cell, owner: object, ctx: ReadContext): FieldSelection {
  const lower = cell.text.toLowerCase();
  if (lower === '' || lower === 'none') return { kind: 'none' };
  if (lower === 'all') return { kind: 'all' };
  const except = /^all\s+(?:except|but)\s+/i.exec(cell.text);
  const items = splitItems(cell.segments);
  if (except && items[0]) {
    const first = items[0];
    const cut = first.text.slice(except[0].length);
    items[0] = { ...first, text: cut, column: first.column + (first.text.length - cut.length) };
  }
  const names = record(items, owner, 'fields', ctx);
  return except ? { kind: 'allExcept', fields: names } : { kind: 'only', fields: names };
}

function record(items: Item[], owner: object, key: string, ctx: ReadContext): string[] {
  return items.map((item, i) => {
    ctx.where.set(owner, `${key}.${i}`, atItem(item));
    return wordOf(item);
  });
}

function readPermissionRow(row: Row, ctx: ReadContext): Permission[] {
  const roles = splitItems(cellOf(row, 'role').segments);
  const entity = cellOf(row, 'entity');
  const actions = splitItems(cellOf(row, 'actions').segments);
  for (const [name, empty] of [
    ['role', roles.length === 0],
    ['entity', entity.text === ''],
    ['actions', actions.length === 0],
  ] as const) {
    if (empty) {
      ctx.bag.error(
        'empty-cell',
        cellOf(row, name),
        `This permission has no ${name}.`,
        `fill in the ${name} column`,
      );
      return [];
    }
  }
  return roles.map((roleItem) => {
    const permission: Permission = {
      role: wordOf(roleItem),
      entity: entity.text,
      actions: [],
      allowed: { kind: 'no' },
      fields: { kind: 'none' },
      line: row.line,
    };
    permission.actions = record(actions, permission, 'actions', ctx);
    permission.allowed = readAllowed(cellOf(row, 'allowed'), ctx);
    permission.fields = readFields(cellOf(row, 'fields'), permission, ctx);
    ctx.where.set(permission, 'role', atItem(roleItem));
    ctx.where.set(permission, 'entity', entity);
    ctx.where.set(permission, 'fields', cellOf(row, 'fields'));
    return permission;
  });
}

/** The permission the engine assumes when section 6 is not specified: admin may do anything. */
export function defaultPermissions(): Permission[] {
  return [
    {
      role: 'admin',
      entity: '*',
      actions: ['*'],
      allowed: { kind: 'yes' },
      fields: { kind: 'all' },
      line: 0,
    },
  ];
}

/** Reads section 6: a roles table, then a permissions table (told apart by their columns). */
export function readPermissions(
  body: readonly RootContent[] | undefined,
  ctx: ReadContext,
): { roles: Role[]; permissions: Permission[] } {
  if (body === undefined) return { roles: defaultRoles(), permissions: defaultPermissions() };
  const roles: Role[] = [];
  const permissions: Permission[] = [];
  for (const table of body.filter((n): n is Table => n.type === 'table')) {
    const header = headerNames(table);
    if (header.includes('entity') || header.includes('actions')) {
      for (const row of readTable(table, COLUMNS, ctx) ?? [])
        permissions.push(...readPermissionRow(row, ctx));
    } else {
      readRoles(table, roles, ctx);
    }
  }
  return { roles, permissions };
}
