import type { Call, Entity, HttpMethod, Operation } from '@specrun/model';
import type { RootContent, Table } from 'mdast';
import { didYouMean } from '@specrun/model';
import { ColumnMap } from '../../markdown/column-map.js';
import type { ReadContext } from '../../read-context.js';
import { codesOf, type Cell, type Segment } from '../tables/read-cell.js';
import { cellOf, readTable, type Row } from '../tables/read-table.js';
import { isNamedShapesTable, NamedShapes, readNamedShapes } from './named-shapes.js';
import { attachParameters, readParameterLists } from './read-call-parameters.js';
import { splitListWhere } from './read-list-where.js';
import { readCallStatus } from './read-call-status.js';
import { readMemberOperation } from './read-member-operation.js';
import { readLinkOperation, resolveLinks } from './read-link-operation.js';
import { readShape } from './read-shape.js';

const COLUMNS = [
  { name: 'method', required: true },
  { name: 'path', required: true },
  { name: 'operation', required: true },
  { name: 'payload' },
  { name: 'response' },
  { name: 'status' },
];
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ON_ENTITY = ['list', 'get', 'create', 'update', 'delete'] as const;
const SESSION = ['sign-up', 'sign-in', 'sign-out', 'me'] as const;
const VERBS = [...ON_ENTITY, 'transition', 'add', 'remove', ...SESSION];

function readOperation(cell: Cell, call: object, ctx: ReadContext): Operation | undefined {
  const [verb = '', target = '', ...rest] = cell.text.split(/\s+/);
  const lower = verb.toLowerCase();
  const targetAt = {
    line: cell.line,
    column: cell.column + cell.text.indexOf(target, verb.length),
  };
  ctx.where.set(call, 'entity', targetAt);
  if ((SESSION as readonly string[]).includes(lower) && target === '')
    return { kind: lower as (typeof SESSION)[number] };
  if (lower === 'update' && target.toLowerCase() === 'me' && rest.length === 0)
    return { kind: 'update-me' };
  if ((ON_ENTITY as readonly string[]).includes(lower) && target !== '' && rest.length === 0) {
    return { kind: lower as (typeof ON_ENTITY)[number], entity: target };
  }
  const transition = /^([^.\s]+)\.([^.\s]+)$/.exec(target);
  if (lower === 'transition' && transition && rest.length === 0) {
    ctx.where.set(call, 'action', {
      line: cell.line,
      column: targetAt.column + transition[1]!.length + 1,
    });
    return { kind: 'transition', entity: transition[1]!, action: transition[2]! };
  }
  const member = readMemberOperation(cell, call, ctx) ?? readLinkOperation(cell, call, ctx);
  if (member) return member;
  const known = VERBS.includes(lower as (typeof VERBS)[number]);
  ctx.bag.error(
    'unknown-operation',
    cell,
    cell.text === '' ? 'This call has no operation.' : `\`${cell.text}\` is not an operation.`,
    (known ? undefined : didYouMean(lower, VERBS)) ??
      'write list E, get E, create E, update E, delete E, transition E.action, add me to E.field, remove me from E.field, add me as E.field, remove me as E.field, sign-up, sign-in, sign-out, me or update me',
  );
  return undefined;
}

/** The shape a cell holds: its code span, or its text when written without backticks. */
function shapeSegment(cell: Cell): Segment | undefined {
  if (cell.text === '') return undefined;
  const code = codesOf(cell)[0];
  if (code) return code;
  const columns = ColumnMap.straight(cell.column, cell.text.length);
  return { kind: 'text', value: cell.text, line: cell.line, columns };
}

function readCall(row: Row, ctx: ReadContext): Call | undefined {
  const methodCell = cellOf(row, 'method');
  const method = methodCell.text.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) {
    ctx.bag.error(
      'bad-method',
      methodCell,
      `\`${methodCell.text}\` is not an HTTP method.`,
      didYouMean(method, METHODS) ?? `write one of ${METHODS.join(', ')}`,
    );
    return undefined;
  }
  const path = cellOf(row, 'path');
  if (!path.text.startsWith('/') || /\s/.test(path.text)) {
    ctx.bag.error(
      'bad-route',
      path,
      `\`${path.text}\` is not a path.`,
      'write a path that starts with `/`, such as `/api/tickets/:id`',
    );
    return undefined;
  }
  const call = { method, path: path.text, line: row.line } as Call;
  const split = splitListWhere(cellOf(row, 'operation'), ctx);
  const operation = split && readOperation(split.operation, call, ctx);
  if (!operation) return undefined;
  call.operation = operation;
  if (split.where && operation.kind !== 'list')
    ctx.bag.error('where-not-on-list', split.operation, 'Only a list takes a `where` condition.');
  else if (split.where) call.where = split.where;
  for (const key of ['payload', 'response'] as const) {
    const segment = shapeSegment(cellOf(row, key));
    const shape = segment && readShape(segment, ctx);
    if (segment && shape) {
      call[key] = shape;
      call[`${key}Source`] = segment.value.trim();
    }
  }
  const status = readCallStatus(cellOf(row, 'status'), call, ctx);
  if (status) call.status = status;
  ctx.where.set(call, 'path', path);
  return call;
}

/**
 * Reads section 7: Method, Path, Operation, Payload and Response of each declared call, with
 * the named shapes of its `Shape | Definition` table written in place, and the parameters
 * declared for its lists (read-call-parameters.ts).
 */
export function readCalls(
  body: readonly RootContent[],
  ctx: ReadContext,
  entities: readonly Entity[] = [],
): Call[] {
  const calls: Call[] = [];
  const parameters = readParameterLists(body, ctx);
  const tables = body.filter((n): n is Table => n.type === 'table' && !parameters.tables.has(n));
  const named = new NamedShapes(
    readNamedShapes(tables.filter(isNamedShapesTable), entities, ctx),
    ctx,
  );
  named.resolveAll();
  for (const table of tables.filter((t) => !isNamedShapesTable(t))) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) {
      const call = readCall(row, ctx);
      if (!call) continue;
      if (call.payload) call.payload = named.resolve(call.payload);
      if (call.response) call.response = named.resolve(call.response);
      calls.push(call);
    }
  }
  const sound = resolveLinks(calls, entities, ctx);
  attachParameters(sound, parameters.lists, ctx);
  return sound;
}
