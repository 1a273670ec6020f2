import type { AppModel } from '@specrun/model';
import { dateIn } from '@specrun/model';
import type { Expr, Parsed } from '../ast.js';
import { NotCompilable } from '../sql/not-compilable.js';
import type { ExprType } from '../types.js';
import type { JsValue } from './js-values.js';

/** The values of one evaluation, in wire form, as the stored record and the session give them. */
export interface JsBindings {
  record?: Record<string, unknown> | null;
  old?: Record<string, unknown> | null;
  /** The signed-in user; null or absent when nobody is. */
  user?: Record<string, unknown> | null;
  /** The request's instant; the clock when absent. */
  now?: Date;
}

/** One evaluation: the bindings, and the clock read once for all of it. */
export interface JsContext {
  values: JsBindings;
  nowMs: number;
  timeZone: string | undefined;
  /** `today()` once worked out (see todayOf). */
  today?: string;
}

/** `today()` in the application's time zone, worked out on first use in an evaluation. */
export function todayOf(ctx: JsContext): string {
  return (ctx.today ??= dateIn(ctx.nowMs, ctx.timeZone));
}

/** A compiled node: its value for one evaluation. */
export type JsNode = (ctx: JsContext) => JsValue;

/** The records a condition starts from, bound by name. */
export type JsRoot = 'record' | 'old' | 'user';

/** What compiling one expression needs: the model, the checked types, which fields are stored. */
export class JsCompiler {
  constructor(
    readonly source: string,
    readonly parsed: Parsed,
    readonly types: Map<string, ExprType>,
    readonly model: AppModel,
    readonly roots: ReadonlyMap<string, string>,
  ) {}

  /** The checked type of a node. */
  typeOf(expr: Expr): ExprType {
    return this.types.get(String(expr.id)) ?? { kind: 'dyn' };
  }

  /** Stops compiling: that node needs more than the record's own values (or is not supported). */
  fail(expr: Expr, message: string): never {
    throw new NotCompilable(message, this.parsed.sourceInfo?.positions[String(expr.id)] ?? 0);
  }

  /** The time zone dates are read in, as evaluate() reads them. */
  get timeZone(): string | undefined {
    return this.model.properties.timeZone;
  }
}
