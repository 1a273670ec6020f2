/** The static type of a CEL expression as our checker sees it. */
export type ExprType =
  | { kind: 'int' | 'uint' | 'double' | 'string' | 'bool' | 'bytes' | 'null' | 'dyn' | 'type' }
  | { kind: 'timestamp' | 'duration' | 'date' }
  | { kind: 'money'; currency?: string }
  | { kind: 'enum'; values: string[]; state: boolean }
  | { kind: 'record'; entity: string }
  | { kind: 'list'; element: ExprType }
  | { kind: 'map'; key: ExprType; value: ExprType };

export type ScalarKind = 'int' | 'uint' | 'double' | 'string' | 'bool' | 'bytes' | 'null' | 'dyn';

/** A scalar type by kind. */
export function scalar(kind: ScalarKind | 'timestamp' | 'duration' | 'date' | 'type'): ExprType {
  return { kind };
}

export const DYN: ExprType = { kind: 'dyn' };
export const BOOL: ExprType = { kind: 'bool' };
export const INT: ExprType = { kind: 'int' };
export const DOUBLE: ExprType = { kind: 'double' };
export const STRING: ExprType = { kind: 'string' };
export const NULL: ExprType = { kind: 'null' };
export const TIMESTAMP: ExprType = { kind: 'timestamp' };
export const DURATION: ExprType = { kind: 'duration' };
export const DATE: ExprType = { kind: 'date' };

/** The kind with enums folded into strings: enums are strings that know their values. */
export function baseKind(t: ExprType): ExprType['kind'] {
  return t.kind === 'enum' ? 'string' : t.kind;
}

/** True for int, uint and double. */
export function isNumeric(t: ExprType): boolean {
  return t.kind === 'int' || t.kind === 'uint' || t.kind === 'double';
}

/** The name a type is reported under: `bool`, `Ticket`, `list(Ticket)`, `money EUR`... */
export function typeName(t: ExprType, withCurrency = false): string {
  switch (t.kind) {
    case 'enum':
      return 'string';
    case 'record':
      return t.entity;
    case 'list':
      return `list(${typeName(t.element, withCurrency)})`;
    case 'map':
      return `map(${typeName(t.key, withCurrency)}, ${typeName(t.value, withCurrency)})`;
    case 'money':
      return withCurrency && t.currency ? `money ${t.currency}` : 'money';
    default:
      return t.kind;
  }
}

/** Structural equality of two types (money currencies and enum values are ignored). */
export function sameType(a: ExprType, b: ExprType): boolean {
  if (baseKind(a) !== baseKind(b)) return false;
  if (a.kind === 'record' && b.kind === 'record') return a.entity === b.entity;
  if (a.kind === 'list' && b.kind === 'list') return sameType(a.element, b.element);
  if (a.kind === 'map' && b.kind === 'map') {
    return sameType(a.key, b.key) && sameType(a.value, b.value);
  }
  return true;
}
