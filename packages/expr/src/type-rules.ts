import { baseKind, isNumeric, sameType, type ExprType } from './types.js';

/** The common type of two branches or elements; dyn when they do not agree. */
export function unify(a: ExprType, b: ExprType): ExprType {
  if (a.kind === 'null' || a.kind === 'dyn') return b.kind === 'null' ? a : b;
  if (b.kind === 'null' || b.kind === 'dyn') return a;
  if (a.kind === 'list' && b.kind === 'list')
    return { kind: 'list', element: unify(a.element, b.element) };
  if (sameType(a, b)) return baseKind(a) === 'string' ? { kind: 'string' } : a;
  if (isNumeric(a) && isNumeric(b)) return { kind: 'double' };
  return { kind: 'dyn' };
}

/** True when `==` between the two types can ever be true (null and dyn always can). */
export function comparable(a: ExprType, b: ExprType): boolean {
  if (isLoose(a) || isLoose(b)) return true;
  if (a.kind === 'list' && b.kind === 'list') return comparable(a.element, b.element);
  if (a.kind === 'map' && b.kind === 'map') return true;
  if (sameType(a, b)) return true;
  return crossComparable(a, b) || crossComparable(b, a);
}

/** True when `<`, `<=`, `>`, `>=` apply to the two types. */
export function orderable(a: ExprType, b: ExprType): boolean {
  if (a.kind === 'null' || b.kind === 'null') return false;
  if (a.kind === 'dyn' || b.kind === 'dyn') return true;
  const ordered = [
    'int',
    'uint',
    'double',
    'string',
    'bool',
    'timestamp',
    'duration',
    'date',
    'money',
  ];
  if (!ordered.includes(baseKind(a)) || !ordered.includes(baseKind(b))) return false;
  if (sameType(a, b)) return true;
  return orderedAcross(a, b) || orderedAcross(b, a);
}

/** The two currencies when both are known and differ. */
export function currencyConflict(a: ExprType, b: ExprType): [string, string] | undefined {
  if (a.kind !== 'money' || b.kind !== 'money') return undefined;
  if (a.currency && b.currency && a.currency !== b.currency) return [a.currency, b.currency];
  return undefined;
}

/** The result of an arithmetic operator, or undefined when it does not apply. */
export function arithmetic(op: string, a: ExprType, b: ExprType): ExprType | undefined {
  if (a.kind === 'dyn' || b.kind === 'dyn') return loosely(op, a, b);
  if (isNumeric(a) && isNumeric(b)) return numeric(op, a, b);
  const pair = `${baseKind(a)} ${op} ${baseKind(b)}`;
  const result = TABLE[pair];
  if (result === 'list' && a.kind === 'list' && b.kind === 'list') return unify(a, b);
  if (result === 'money') return a.kind === 'money' ? a : b;
  return result === undefined ? undefined : ({ kind: result } as ExprType);
}

const TABLE: Record<string, ExprType['kind']> = {
  'string + string': 'string',
  'list + list': 'list',
  'timestamp + duration': 'timestamp',
  'duration + timestamp': 'timestamp',
  'duration + duration': 'duration',
  'date + duration': 'date',
  'duration + date': 'date',
  'timestamp - timestamp': 'duration',
  'timestamp - duration': 'timestamp',
  'duration - duration': 'duration',
  'date - date': 'duration',
  'date - timestamp': 'duration',
  'timestamp - date': 'duration',
  'date - duration': 'date',
  'money + money': 'money',
  'money - money': 'money',
  'money * int': 'money',
  'money * double': 'money',
  'int * money': 'money',
  'double * money': 'money',
  'money / int': 'money',
  'money / double': 'money',
};

function numeric(op: string, a: ExprType, b: ExprType): ExprType | undefined {
  const kind = (a.kind === b.kind ? a.kind : 'double') as 'int' | 'uint' | 'double';
  if (op === '%' && kind === 'double') return undefined;
  return { kind };
}

function loosely(op: string, a: ExprType, b: ExprType): ExprType | undefined {
  const other = a.kind === 'dyn' ? b : a;
  const allowed = [
    'dyn',
    'int',
    'uint',
    'double',
    'string',
    'list',
    'timestamp',
    'duration',
    'date',
    'money',
  ];
  if (!allowed.includes(baseKind(other))) return undefined;
  const moneyOps = a.kind === 'money' ? ['+', '-', '*', '/'] : ['+', '-', '*'];
  if (other.kind === 'money' && moneyOps.includes(op)) return other;
  return { kind: 'dyn' };
}

function isLoose(t: ExprType): boolean {
  return t.kind === 'null' || t.kind === 'dyn';
}

function crossComparable(a: ExprType, b: ExprType): boolean {
  if (isNumeric(a) && isNumeric(b)) return true;
  if (a.kind === 'money' && isNumeric(b)) return true;
  if (a.kind === 'date' && b.kind === 'timestamp') return true;
  return a.kind === 'record' && baseKind(b) === 'string';
}

function orderedAcross(a: ExprType, b: ExprType): boolean {
  if (isNumeric(a) && isNumeric(b)) return true;
  if (a.kind === 'money' && isNumeric(b)) return true;
  return a.kind === 'date' && b.kind === 'timestamp';
}
