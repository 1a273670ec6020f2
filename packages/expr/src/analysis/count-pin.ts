import type { AppModel } from '@specrun/model';
import type { Expr } from '../ast.js';
import { identName } from '../ast.js';
import { fieldOf } from '../entity-fields.js';
import type { CountCall, KnownField } from './analysis-types.js';

// Kinds whose CEL equality is the equality of their stored text, so equal values share a key.
const PINNABLE = new Set(['text', 'email', 'url', 'enum', 'reference', 'state', 'id']);
const KNOWN_ROOTS = new Set(['record', 'old', 'user']);

/** The arguments of a call of `fn` without a target, when the node is one. */
export function callArgs(node: Expr, fn: string): Expr[] | undefined {
  const kind = node.exprKind;
  return kind.case === 'callExpr' && !kind.value.target && kind.value.function === fn
    ? kind.value.args
    : undefined;
}

/** The top-level conjuncts of a tree (`a && b && c`), however the parser grouped them. */
export function treeConjuncts(node: Expr): Expr[] {
  const args = callArgs(node, '_&&_');
  return args ? args.flatMap(treeConjuncts) : [node];
}

/** `name.field`: the name and the field, for a read (not a has()) of a plain name. */
function nameField(node: Expr): { name: string; field: string } | undefined {
  const kind = node.exprKind;
  if (kind.case !== 'selectExpr' || kind.value.testOnly || !kind.value.operand) return undefined;
  const name = identName(kind.value.operand);
  return name === undefined ? undefined : { name, field: kind.value.field };
}

function pinnable(model: AppModel, entity: string, field: string): boolean {
  const kind = fieldOf(model, entity, field)?.type.kind;
  return kind !== undefined && PINNABLE.has(kind);
}

/**
 * The pin of `count(counted, variable, condition)`: the first top-level conjunct of the condition
 * that is `variable.field == root.field` (either way round), with `root` one of record, old and
 * user as the scope binds them (`outer` are the variables bound around the count), and the
 * counted field of a kind whose equal values share one stored text.
 */
export function pinOf(
  model: AppModel,
  counted: string,
  variable: string,
  condition: Expr,
  outer: ReadonlySet<string>,
): CountCall['pin'] {
  const known = (name: string) => name !== variable && !outer.has(name) && KNOWN_ROOTS.has(name);
  for (const part of treeConjuncts(condition)) {
    const sides = callArgs(part, '_==_')?.map(nameField);
    if (!sides || sides.length !== 2) continue;
    for (const [mine, other] of [sides, [...sides].reverse()]) {
      if (mine?.name !== variable || !other || !known(other.name)) continue;
      if (!pinnable(model, counted, mine.field)) continue;
      const from: KnownField = { root: other.name as KnownField['root'], field: other.field };
      return { field: mine.field, from };
    }
  }
  return undefined;
}
