import type { AppModel } from '@specrun/model';
import type { Expr, Parsed } from './ast.js';
import { checkCall } from './check-call.js';
import { checkComprehension } from './check-comprehension.js';
import { checkConstant, checkList, checkStruct } from './check-literals.js';
import { checkSelect } from './check-select.js';
import { didYouMean } from '@specrun/model';
import { entityNames } from './entity-fields.js';
import { makeIssue, type ExprIssue, type ExprIssueCode } from './issues.js';
import { ReferenceCollector } from './references.js';
import { DYN, type ExprType } from './types.js';

/** Walks a parsed expression, typing every node and collecting issues and references. */
export class Checker {
  readonly issues: ExprIssue[] = [];
  readonly types = new Map<string, ExprType>();
  readonly refs = new ReferenceCollector();
  private readonly locals: Map<string, ExprType>[] = [];

  constructor(
    readonly source: string,
    readonly parsed: Parsed,
    readonly model: AppModel,
    readonly names: Map<string, ExprType>,
    /** The constants by name: a name found here is recorded as a constant the expression uses. */
    readonly constants: ReadonlyMap<string, unknown>,
  ) {}

  /** Types one node (and its children), remembering the type by node id. */
  check(expr: Expr): ExprType {
    const type = this.checkKind(expr);
    this.types.set(String(expr.id), type);
    return type;
  }

  /** Records an issue; offsets are clamped into the source. */
  report(
    code: ExprIssueCode,
    message: string,
    offset: number,
    extra?: { hint?: string; length?: number },
  ) {
    this.issues.push(makeIssue(this.source, code, message, offset, extra));
  }

  /** Where a node starts (for operators and selections: where its operator stands). */
  offset(expr: Expr): number {
    return this.parsed.sourceInfo?.positions[String(expr.id)] ?? 0;
  }

  /** Where the whole expression of a node starts, for issues about an operand as a whole. */
  startOffset(expr: Expr): number {
    let start = this.offset(expr);
    const kind = expr.exprKind;
    const children =
      kind.case === 'selectExpr'
        ? [kind.value.operand]
        : kind.case === 'callExpr'
          ? [kind.value.target, ...kind.value.args]
          : [];
    for (const child of children) if (child) start = Math.min(start, this.startOffset(child));
    return start;
  }

  /** Where the name after a selection's or method call's dot starts. */
  nameOffset(expr: Expr, name: string): number {
    const dot = this.offset(expr);
    let at = dot + 1;
    while (at < this.source.length && /\s/.test(this.source[at]!)) at++;
    if (this.source.startsWith(name, at)) return at;
    const found = this.source.indexOf(name, dot);
    return found >= 0 ? found : dot;
  }

  /** Runs `fn` with extra names bound, as comprehensions and count() do. */
  withLocals<T>(locals: Record<string, ExprType>, fn: () => T): T {
    this.locals.push(new Map(Object.entries(locals)));
    try {
      return fn();
    } finally {
      this.locals.pop();
    }
  }

  private checkKind(expr: Expr): ExprType {
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'identExpr':
        return this.checkIdent(expr, kind.value.name);
      case 'constExpr':
        return checkConstant(kind.value);
      case 'selectExpr':
        return checkSelect(this, expr, kind.value);
      case 'callExpr':
        return checkCall(this, expr, kind.value);
      case 'listExpr':
        return checkList(this, kind.value.elements);
      case 'structExpr':
        return checkStruct(this, expr, kind.value);
      case 'comprehensionExpr':
        return checkComprehension(this, kind.value);
      default:
        return DYN;
    }
  }

  private checkIdent(expr: Expr, name: string): ExprType {
    for (let i = this.locals.length - 1; i >= 0; i--) {
      const local = this.locals[i]!.get(name);
      if (local) return local;
    }
    const type = this.names.get(name);
    if (type) {
      if (this.constants.has(name)) this.refs.constant(name);
      return type;
    }
    const isEntity = entityNames(this.model).includes(name);
    const message = isEntity
      ? `\`${name}\` is an entity; only count() and the aggregates (sum, min, max, avg) take an entity name.`
      : `Unknown name \`${name}\`.`;
    const candidates = [...this.names.keys(), ...this.locals.flatMap((m) => [...m.keys()])];
    this.report('unknown-name', message, this.offset(expr), {
      hint: didYouMean(
        name,
        candidates.filter((c) => !c.startsWith('@') && !c.startsWith('__')),
      ),
      length: name.length,
    });
    return DYN;
  }
}
