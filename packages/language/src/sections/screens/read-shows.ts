import type { Screen } from '@specrun/model';
import { expressionOf } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import type { Cell, Segment } from '../tables/read-cell.js';
import { atItem, slice, splitItems, wordOf } from '../tables/split-items.js';

/** Records a field list on the screen, with each name's position. */
function readFieldList(segments: readonly Segment[], screen: Screen, ctx: ReadContext): void {
  const items = splitItems(segments);
  screen.fields = items.map((item, i) => {
    ctx.where.set(screen, `fields.${i}`, atItem(item));
    return wordOf(item);
  });
}

/** The segments after `columns` (or `columns:`) in a list's Shows cell. */
function afterColumns(segments: readonly Segment[]): Segment[] | undefined {
  const index = segments.findIndex((s) => s.kind === 'text' && /\bcolumns?\b/i.test(s.value));
  if (index === -1) return undefined;
  const segment = segments[index]!;
  const match = /\bcolumns?\b\s*:?/i.exec(segment.value)!;
  return [
    slice(segment, match.index + match[0].length, segment.value.length),
    ...segments.slice(index + 1),
  ];
}

/**
 * Reads a Shows cell by the screen's kind: for lists an optional filter in backticks and then
 * `columns a, b`; for forms (and details) a field list; for other kinds its text.
 */
export function readShows(cell: Cell, screen: Screen, ctx: ReadContext): void {
  if (cell.text === '') return;
  if (screen.kind === 'list') {
    const [first] = cell.segments.filter((s) => s.kind === 'code' || s.value.trim() !== '');
    if (first?.kind === 'code') screen.filter = expressionOf(first, ctx);
    const columns = afterColumns(cell.segments);
    if (columns) readFieldList(columns, screen, ctx);
    else if (!screen.filter) {
      ctx.bag.error(
        'bad-shows',
        cell,
        'A list shows an optional filter in backticks, then `columns a, b, c`.',
        `write \`columns ${cell.text}\``,
      );
    }
  } else if (screen.kind === 'form' || screen.kind === 'detail') {
    readFieldList(cell.segments, screen, ctx);
  } else {
    screen.text = cell.text;
  }
}
