import type { AppModel } from '@specrun/model';
import type { Expr, Parsed } from '../ast.js';
import type { ExprType } from '../types.js';
import type { SqlMapping } from './mapping.js';
import { NotCompilable } from './not-compilable.js';
import { constantRoots } from './roots.js';
import type { SqlValue } from './sql-value.js';

/** What compiling one expression needs: the model, the mapping, types, names in scope. */
export class SqlCompiler {
  private aliases = 0;
  /** Written before every alias: a value compiled inside another keeps its aliases apart. */
  aliasPrefix = '';
  private readonly locals: Map<string, SqlValue>[] = [];

  constructor(
    readonly source: string,
    readonly parsed: Parsed,
    readonly types: Map<string, ExprType>,
    readonly model: AppModel,
    readonly mapping: SqlMapping,
    readonly roots: Map<string, SqlValue>,
  ) {}

  get dialect() {
    return this.mapping.dialect;
  }

  /** The checked type of a node. */
  typeOf(expr: Expr): ExprType {
    return this.types.get(String(expr.id)) ?? { kind: 'dyn' };
  }

  /** Where a node stands in the source. */
  offset(expr: Expr): number {
    return this.parsed.sourceInfo?.positions[String(expr.id)] ?? 0;
  }

  /** Stops compiling: that node cannot run in the database. */
  fail(expr: Expr, message: string): never {
    throw new NotCompilable(message, this.offset(expr));
  }

  /** Stops compiling at the name of a method call (`s.matches(...)` reports at `matches`). */
  failAtName(expr: Expr, name: string, message: string): never {
    const found = this.source.indexOf(name, this.offset(expr));
    throw new NotCompilable(message, found >= 0 ? found : this.offset(expr));
  }

  /** A fresh table alias for a subquery. */
  alias(): string {
    this.aliases += 1;
    return `${this.aliasPrefix}sr_${this.aliases}`;
  }

  /** What a name stands for: a count() variable, else a root (record, user...), else a constant. */
  lookup(name: string): SqlValue | undefined {
    for (let i = this.locals.length - 1; i >= 0; i--) {
      const local = this.locals[i]!.get(name);
      if (local) return local;
    }
    return this.roots.get(name) ?? constantRoots(this.model, this.dialect).get(name);
  }

  /** Runs `fn` with a count() variable bound. */
  withLocal<T>(name: string, value: SqlValue, fn: () => T): T {
    this.locals.push(new Map([[name, value]]));
    try {
      return fn();
    } finally {
      this.locals.pop();
    }
  }

  /** The application's time zone, UTC when it names none. */
  get timeZone(): string {
    return this.model.properties.timeZone ?? 'UTC';
  }
}
