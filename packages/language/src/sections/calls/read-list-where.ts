import type { Expression } from '@specrun/model';
import { expressionOf } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import type { Cell } from '../tables/read-cell.js';

const WHERE = /\s+where\s*$/i;

/** Reports a `where` that is not followed by exactly one condition in backticks. */
function refuse(cell: Cell, ctx: ReadContext): undefined {
  ctx.bag.error(
    'expected-expression',
    cell,
    'A list’s `where` takes one CEL condition in backticks.',
    'write list Entity where `condition`',
  );
  return undefined;
}

/**
 * Splits an Operation cell `list Article where \`cel\`` into the operation (`list Article`) and
 * its fixed condition. A cell without ` where ` is given back as it is; a `where` not followed by
 * exactly one condition in backticks is an error (reported), and the operation is read without it.
 */
export function splitListWhere(
  cell: Cell,
  ctx: ReadContext,
): { operation: Cell; where?: Expression } | undefined {
  const at = cell.segments.findIndex((s) => s.kind === 'text' && WHERE.test(s.value));
  if (at === -1) {
    if (!/\swhere(\s|$)/i.test(cell.text)) return { operation: cell };
    return refuse(cell, ctx);
  }
  const head = cell.segments[at]!;
  const [code, ...rest] = cell.segments.slice(at + 1);
  const trailing = rest.some((s) => s.kind === 'code' || s.value.trim() !== '');
  const before = cell.segments.slice(0, at);
  if (code?.kind !== 'code' || trailing || before.some((s) => s.kind === 'code')) {
    return refuse(cell, ctx);
  }
  const text = [...before.map((s) => s.value), head.value.replace(WHERE, '')]
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return { operation: { ...cell, text }, where: expressionOf(code, ctx) };
}
