import type { AppModel } from '@specrun/model';
import type { Expr, Parsed, SelectNode } from '../ast.js';
import { identName } from '../ast.js';
import type { ExprType } from '../types.js';
import type { CountCall, FieldRead, ItemRead, StringSearch } from './analysis-types.js';
import { isAggregate } from '../aggregates.js';
import { pinOf } from './count-pin.js';
import { valueMaking } from './value-making.js';

type Locals = ReadonlySet<string>;

const withNames = (locals: Locals, ...names: string[]): Locals =>
  new Set([...locals, ...names.filter((n) => n !== '')]);

// Operators are calls too (`_&&_`, `!_`, `@in`, `_[_]`); functions have a name of their own.
const isFunctionName = (name: string) => /^[A-Za-z]/.test(name);
const SEARCHES = new Set(['contains', 'startsWith', 'endsWith', 'matches']);

/**
 * One walk over a checked tree, collecting what an analysis reports. It knows which names are
 * the scope's and which are bound by count() or a comprehension around the node it reads.
 */
export class TreeReader {
  readonly names = new Set<string>();
  readonly reads: FieldRead[] = [];
  readonly counts: CountCall[] = [];
  readonly functions = new Map<string, number>();
  readonly searches: StringSearch[] = [];
  readonly itemReads: ItemRead[] = [];
  /** The variables of the macros around the node read that range over a list of references. */
  private readonly items = new Map<string, { macro: string; entity: string }>();
  nodes = 0;
  nesting = 0;
  concatenations = 0;

  constructor(
    private readonly parsed: Parsed,
    private readonly types: ReadonlyMap<string, ExprType>,
    private readonly model: AppModel,
  ) {}

  /** Reads a node and everything under it; `level` is how deep it stands (the root is 1). */
  read(node: Expr, locals: Locals, level: number): void {
    this.nodes++;
    this.nesting = Math.max(this.nesting, level);
    const macro = this.parsed.sourceInfo?.macroCalls[String(node.id)]?.exprKind;
    if (macro?.case === 'callExpr') this.called(macro.value.function);
    const item = macro?.case === 'callExpr' ? this.itemVariable(node, macro.value.function) : null;
    const shadowed = item && this.items.get(item.variable);
    if (item) this.items.set(item.variable, item);
    for (const [child, scope] of this.note(node, locals)) this.read(child, scope, level + 1);
    if (item) {
      if (shadowed) this.items.set(item.variable, shadowed);
      else this.items.delete(item.variable);
    }
  }

  /** A macro's variable when the macro goes through a list of references, else null. */
  private itemVariable(node: Expr, macro: string) {
    if (node.exprKind.case !== 'comprehensionExpr') return null;
    const c = node.exprKind.value;
    const range = this.typeOf(c.iterRange);
    if (range?.kind !== 'list' || range.element.kind !== 'record' || c.iterVar2) return null;
    return { variable: c.iterVar, macro, entity: range.element.entity };
  }

  /**
   * Records what a node itself reads, counts or calls, and answers its children, each with the
   * variables bound where it stands.
   */
  private note(node: Expr, locals: Locals): [Expr, Locals][] {
    const kind = node.exprKind;
    const within = (scope: Locals, nodes: (Expr | undefined)[]): [Expr, Locals][] =>
      nodes.filter((n): n is Expr => n !== undefined).map((n) => [n, scope]);
    const here = (nodes: (Expr | undefined)[]) => within(locals, nodes);
    switch (kind.case) {
      case 'identExpr':
        if (!locals.has(kind.value.name)) this.names.add(kind.value.name);
        return [];
      case 'selectExpr':
        this.select(node, kind.value, locals);
        return here([kind.value.operand]);
      case 'callExpr': {
        const counted = this.count(node, locals);
        if (counted) return counted;
        const call = kind.value;
        if (isFunctionName(call.function)) this.called(call.function);
        if (call.function === '_+_' && this.mayBeString(node)) this.concatenations++;
        if (SEARCHES.has(call.function)) this.search(node, call.function, locals);
        return here([call.target, ...call.args]);
      }
      case 'listExpr':
        return here(kind.value.elements);
      case 'structExpr':
        return here(
          kind.value.entries.flatMap((e) => [
            e.keyKind.case === 'mapKey' ? e.keyKind.value : undefined,
            e.value,
          ]),
        );
      case 'comprehensionExpr': {
        const c = kind.value;
        return [
          ...here([c.iterRange, c.accuInit]),
          ...within(withNames(locals, c.iterVar, c.iterVar2, c.accuVar), [
            c.loopCondition,
            c.loopStep,
          ]),
          ...within(withNames(locals, c.accuVar), [c.result]),
        ];
      }
      default:
        return [];
    }
  }

  private called(name: string): void {
    this.functions.set(name, (this.functions.get(name) ?? 0) + 1);
  }

  /** `s.contains(x)`, or `matches(s, p)`: what it searches for is its last argument. */
  private search(node: Expr, name: string, locals: Locals): void {
    const args = node.exprKind.case === 'callExpr' ? node.exprKind.value.args : [];
    const argument = args.at(-1);
    if (!argument) return;
    this.searches.push({
      function: name,
      argument: valueMaking(argument, locals),
      offset: this.offset(node),
    });
  }

  // A `+` of unknown type (an operand is dyn) may join strings: a budget counts it as one.
  private mayBeString(node: Expr): boolean {
    const kind = this.typeOf(node)?.kind;
    return kind === undefined || kind === 'string' || kind === 'dyn';
  }

  private typeOf(node: Expr | undefined): ExprType | undefined {
    return node && this.types.get(String(node.id));
  }

  private offset(node: Expr): number {
    return this.parsed.sourceInfo?.positions[String(node.id)] ?? 0;
  }

  /**
   * `count(Entity, v, condition)` or `sum(Entity, v, value, condition)` (min, max, avg):
   * recorded; its value and condition read with `v` bound.
   */
  private count(node: Expr, locals: Locals): [Expr, Locals][] | undefined {
    const kind = node.exprKind;
    if (kind.case !== 'callExpr' || kind.value.target) return undefined;
    const fn = kind.value.function;
    const aggregate = isAggregate(fn) ? fn : undefined;
    if (fn !== 'count' && !aggregate) return undefined;
    const args = kind.value.args;
    const [entityArg, variableArg] = args;
    const [value, condition] = aggregate ? [args[2], args[3]] : [undefined, args[2]];
    const entity = entityArg && identName(entityArg);
    const variable = variableArg && identName(variableArg);
    if (entity === undefined || variable === undefined || !condition) return undefined;
    if (aggregate && args.length !== 4) return undefined;
    this.called(fn);
    // The entity's name and the variable are nodes, but neither reads a value.
    this.nodes += 2;
    const call: CountCall = { entity, variable, offset: this.offset(node) };
    if (aggregate) call.aggregate = aggregate;
    const pin = pinOf(this.model, entity, variable, condition, locals);
    if (pin) call.pin = pin;
    this.counts.push(call);
    const inner = withNames(locals, variable);
    return value
      ? [
          [value, inner],
          [condition, inner],
        ]
      : [[condition, inner]];
  }

  /** `operand.field`: a read, with the chain it belongs to. */
  private select(node: Expr, select: SelectNode, locals: Locals): void {
    const read: FieldRead = { field: select.field, depth: 1, offset: this.offset(node) };
    const owner = this.typeOf(select.operand);
    if (owner?.kind === 'record') read.entity = owner.entity;
    if (select.testOnly) read.presenceOnly = true;
    let base = select.operand;
    while (base?.exprKind.case === 'selectExpr') {
      read.depth++;
      base = base.exprKind.value.operand;
    }
    const root = base && identName(base);
    if (root !== undefined && !locals.has(root)) read.root = root;
    const item = select.operand && identName(select.operand);
    const range = item !== undefined ? this.items.get(item) : undefined;
    if (range && locals.has(item!) && !select.testOnly)
      this.itemReads.push({
        macro: range.macro,
        variable: item!,
        field: select.field,
        entity: range.entity,
        offset: read.offset,
      });
    const inner = select.operand?.exprKind;
    if (inner?.case === 'selectExpr' && owner?.kind === 'record') {
      const from = this.typeOf(inner.value.operand);
      if (from?.kind === 'record') read.through = `${from.entity}.${inner.value.field}`;
    }
    this.reads.push(read);
  }
}
