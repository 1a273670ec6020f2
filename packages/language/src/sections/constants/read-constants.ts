import type { Constant } from '@specrun/model';
import type { RootContent, Table } from 'mdast';
import type { ReadContext } from '../../read-context.js';
import { engineConstants } from '../catalogue/default-catalogue.js';
import { isUpperSnake, toUpperSnake } from '../names.js';
import { cellOf, readTable, type Row } from '../tables/read-table.js';
import { readConstantValue } from './read-constant-value.js';

const COLUMNS = [
  { name: 'name', required: true },
  { name: 'value', required: true },
  { name: 'meaning' },
];

function readConstant(row: Row, constants: Constant[], ctx: ReadContext): void {
  const nameCell = cellOf(row, 'name');
  const valueCell = cellOf(row, 'value');
  const name = nameCell.text;
  for (const cell of [nameCell, valueCell]) {
    if (cell.text === '') {
      ctx.bag.error(
        'empty-cell',
        cell,
        `This constant has no ${cell === nameCell ? 'name' : 'value'}.`,
        'fill in the Name and the Value',
      );
      return;
    }
  }
  const index = constants.findIndex((c) => c.name === name);
  const existing = constants[index];
  if (existing?.line !== undefined) {
    ctx.bag.error(
      'duplicate-constant',
      nameCell,
      `The constant \`${name}\` is set twice; the first is at line ${existing.line}.`,
      'remove one of the two rows',
    );
    return;
  }
  if (!isUpperSnake(name)) {
    ctx.bag.warning(
      'constant-name-style',
      nameCell,
      `Constant names are UPPER_SNAKE; \`${name}\` is not.`,
      `write \`${toUpperSnake(name)}\``,
    );
  }
  const value = readConstantValue(valueCell);
  if (existing && existing.value.kind !== value.kind) {
    ctx.bag.error(
      'limit-type-mismatch',
      valueCell,
      `The engine limit \`${name}\` is a ${existing.value.kind}, not a ${value.kind}.`,
      `write a ${existing.value.kind}, as its default is`,
    );
    return;
  }
  const constant: Constant = {
    name,
    value,
    meaning: cellOf(row, 'meaning').text || existing?.meaning || '',
    engine: existing !== undefined,
    line: row.line,
  };
  ctx.where.set(constant, 'name', nameCell);
  if (existing) constants[index] = constant;
  else constants.push(constant);
}

/** Reads section 9 over the engine's limits, which a row may set by name (keeping their type). */
export function readConstants(
  body: readonly RootContent[] | undefined,
  ctx: ReadContext,
): Constant[] {
  const constants = engineConstants();
  for (const table of (body ?? []).filter((n): n is Table => n.type === 'table')) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) readConstant(row, constants, ctx);
  }
  return constants;
}
