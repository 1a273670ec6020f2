import type { Transition } from '@specrun/model';
import { readExpression } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import { cellOf, type Row } from '../tables/read-table.js';
import { atItem, splitItems, wordOf } from '../tables/split-items.js';
import { readSets } from './read-sets.js';

/** Reads one row of a lifecycle table; undefined when a needed cell is empty. */
export function readTransition(row: Row, ctx: ReadContext): Transition | undefined {
  for (const name of ['from', 'action', 'to']) {
    const cell = cellOf(row, name);
    if (cell.text === '') {
      ctx.bag.error(
        'empty-cell',
        cell,
        `This transition has no ${name === 'to' ? 'target state' : name}.`,
        `fill in the ${name} column`,
      );
      return undefined;
    }
  }
  const transition: Transition = {
    from: [],
    action: cellOf(row, 'action').text,
    to: cellOf(row, 'to').text,
    who: [],
    sets: [],
    line: row.line,
  };
  splitItems(cellOf(row, 'from').segments).forEach((item, i) => {
    transition.from.push(wordOf(item));
    ctx.where.set(transition, `from.${i}`, atItem(item));
  });
  splitItems(cellOf(row, 'who').segments).forEach((item, i) => {
    transition.who.push(wordOf(item));
    ctx.where.set(transition, `who.${i}`, atItem(item));
  });
  const when = readExpression(cellOf(row, 'when'), ctx, 'guard (When)');
  if (when) transition.when = when;
  transition.sets = readSets(cellOf(row, 'sets'), ctx);
  const error = cellOf(row, 'error');
  if (error.text !== '') transition.error = error.text;
  ctx.where.set(transition, 'action', cellOf(row, 'action'));
  ctx.where.set(transition, 'to', cellOf(row, 'to'));
  ctx.where.set(transition, 'error', error);
  return transition;
}
