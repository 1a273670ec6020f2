import type { Expression } from '@specrun/model';
import type { ColumnMap } from '../markdown/column-map.js';
import type { At } from './diagnostic-bag.js';

/**
 * Where the parts of model objects were written, kept beside the model (which stays plain
 * JSON) so the checkers can point at the offending cell or item. Kept for one reading only, so
 * in strong maps: a WeakMap's tens of thousands of entries cost every garbage collection of a
 * reading more than the reading's lookups in them.
 */
export class Locations {
  private readonly spots = new Map<object, Record<string, At>>();
  private readonly expressionColumns = new Map<Expression, ColumnMap>();

  /** Records where `key` of `target` (`'type'`, `'who.1'`) was written. */
  set(target: object, key: string, at: At): void {
    let spots = this.spots.get(target);
    if (!spots) this.spots.set(target, (spots = Object.create(null) as Record<string, At>));
    spots[key] = { line: at.line, column: at.column };
  }

  /** Where `key` of `target` was written, else the fallback. */
  at(target: object, key: string, fallback?: At): At {
    return this.spots.get(target)?.[key] ?? fallback ?? this.lineOf(target);
  }

  /** Records the column of each character of an expression's source. */
  setColumns(expression: Expression, columns: ColumnMap): void {
    this.expressionColumns.set(expression, columns);
  }

  /** The position of the character at `offset` in an expression's source. */
  inExpression(expression: Expression, offset: number): At {
    const columns = this.expressionColumns.get(expression);
    const safe = Math.max(0, Math.min(offset, expression.source.length));
    return { line: expression.line, column: columns?.at(safe) ?? expression.column + safe };
  }

  private lineOf(target: object): At {
    const line = (target as { line?: unknown }).line;
    return { line: typeof line === 'number' && line >= 1 ? line : 1, column: 1 };
  }
}
