import type { Assignment } from '@specrun/model';
import { expressionOf } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import type { Cell } from '../tables/read-cell.js';
import { atItem, splitItems } from '../tables/split-items.js';

/** Reads a Sets cell: comma-separated `field = \`expr\`` assignments. */
export function readSets(cell: Cell, ctx: ReadContext): Assignment[] {
  const assignments: Assignment[] = [];
  for (const item of splitItems(cell.segments)) {
    const match = /^([A-Za-z_][\w.]*)\s*=$/.exec(item.text);
    const code = item.codes[0];
    if (!match || !code || item.codes.length > 1) {
      ctx.bag.error(
        'bad-assignment',
        atItem(item),
        `\`${item.text}\` is not an assignment.`,
        'write `field = `expression``, for example resolvedAt = `now`',
      );
      continue;
    }
    const assignment: Assignment = { field: match[1]!, value: expressionOf(code, ctx) };
    ctx.where.set(assignment, 'field', atItem(item));
    assignments.push(assignment);
  }
  return assignments;
}
