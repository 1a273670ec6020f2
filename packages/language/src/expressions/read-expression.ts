import type { Expression } from '@specrun/model';
import type { ReadContext } from '../read-context.js';
import { codesOf, type Cell, type Segment } from '../sections/tables/read-cell.js';

/** The expression a code span holds, with its position; its character columns are recorded. */
export function expressionOf(segment: Segment, ctx: ReadContext): Expression {
  const expression: Expression = {
    source: segment.value,
    line: segment.line,
    column: segment.columns.at(0),
  };
  ctx.where.setColumns(expression, segment.columns);
  return expression;
}

/**
 * Reads a cell that holds one CEL expression in backticks; undefined when the cell is empty.
 * Text outside the backticks is an error: the cell must be exactly one code span.
 */
export function readExpression(cell: Cell, ctx: ReadContext, what: string): Expression | undefined {
  if (cell.text === '') return undefined;
  const codes = codesOf(cell);
  const prose = cell.segments.some((s) => s.kind === 'text' && s.value.trim() !== '');
  if (codes.length !== 1 || prose) {
    ctx.bag.error(
      'expected-expression',
      cell,
      `The ${what} must be one CEL expression in backticks.`,
      codes.length === 0
        ? `write \`${cell.text}\` in backticks`
        : 'put the whole expression in one pair of backticks',
    );
    return undefined;
  }
  return expressionOf(codes[0]!, ctx);
}
