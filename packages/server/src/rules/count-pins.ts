import { typeExpression, type ExprScope } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import { childrenOf, type ExprNode as Node } from '../expressions/expression-tree.js';

/** Where a value known before counting is read: a field of the record, the stored record, the user. */
export interface PinSource {
  root: 'record' | 'old' | 'user';
  field: string;
}

/**
 * One count() of an expression, as the turns of counting writes need it: the entity counted and,
 * when its condition holds one field of the counted records equal to a value known before
 * counting (`t.customer == user.id`, `l.book == record.book`), that field and where its value is
 * read. Such a count only sees the records holding that value, so only writes of those records,
 * or of records moving to or from it, must wait for it.
 */
export interface CountPin {
  counted: string;
  pinned?: { field: string; from: PinSource };
}

// Kinds whose CEL equality is the equality of their stored text, so equal values share a key.
const PINNABLE = new Set(['text', 'email', 'url', 'enum', 'reference', 'state', 'id']);
const ROOTS = new Set(['record', 'old', 'user']);

function call(node: Node, fn: string): Node[] | undefined {
  const kind = node.exprKind;
  return kind.case === 'callExpr' && !kind.value.target && kind.value.function === fn
    ? kind.value.args
    : undefined;
}

/** `name.field`: the name and the field, for a select on a plain name. */
function fieldOf(node: Node): { name: string; field: string } | undefined {
  const kind = node.exprKind;
  if (kind.case !== 'selectExpr' || kind.value.testOnly) return undefined;
  const operand = kind.value.operand?.exprKind;
  return operand?.case === 'identExpr'
    ? { name: operand.value.name, field: kind.value.field }
    : undefined;
}

/** The condition's top-level conjuncts (`a && b && c`). */
function conjuncts(node: Node): Node[] {
  const args = call(node, '_&&_');
  return args ? args.flatMap(conjuncts) : [node];
}

function pinnable(model: AppModel, entity: string, field: string): boolean {
  const type = model.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === field)
    ?.type.kind;
  return type !== undefined && PINNABLE.has(type);
}

/** The first conjunct `v.field == root.field` (either way round) of a count over `counted`. */
function pinOf(
  model: AppModel,
  counted: string,
  variable: string,
  condition: Node,
  scope: ExprScope,
): CountPin['pinned'] {
  const roots = new Set([...ROOTS].filter((r) => scopeHas(scope, r)));
  for (const part of conjuncts(condition)) {
    const sides = call(part, '_==_')?.map(fieldOf);
    if (!sides || sides.length !== 2) continue;
    for (const [mine, known] of [sides, [...sides].reverse()]) {
      if (mine?.name !== variable || !known || !roots.has(known.name)) continue;
      if (!pinnable(model, counted, mine.field)) continue;
      return {
        field: mine.field,
        from: { root: known.name as PinSource['root'], field: known.field },
      };
    }
  }
  return undefined;
}

function scopeHas(scope: ExprScope, root: string): boolean {
  if (root === 'user') return scope.hasUser !== false;
  if (root === 'old') return scope.entity !== undefined && scope.hasOld === true;
  return scope.entity !== undefined;
}

/** Every count() of an expression that checks, with its pin where it has one. */
export function countPins(source: string, model: AppModel, scope: ExprScope): CountPin[] {
  const typed = typeExpression(source, model, scope);
  if (!typed.parsed || typed.issues.length > 0) return [];
  const pins: CountPin[] = [];
  const visit = (node: Node): void => {
    const args = call(node, 'count');
    const [entity, variable, condition] = args ?? [];
    if (
      entity?.exprKind.case === 'identExpr' &&
      variable?.exprKind.case === 'identExpr' &&
      condition
    ) {
      const counted = entity.exprKind.value.name;
      const pinned = pinOf(model, counted, variable.exprKind.value.name, condition, scope);
      pins.push(pinned ? { counted, pinned } : { counted });
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(typed.parsed.expr);
  return pins;
}
