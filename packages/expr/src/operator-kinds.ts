import { operatorSymbol } from './check-operators.js';

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

/** The comparison a call is (`_<=_` → `<=`), or undefined. */
export function comparisonOf(name: string): string | undefined {
  const symbol = operatorSymbol(name);
  return symbol !== undefined && COMPARISONS.has(symbol) ? symbol : undefined;
}

/** The binary arithmetic a call is (`_+_` → `+`; not the negation `-_`), or undefined. */
export function arithmeticOf(name: string): string | undefined {
  const symbol = operatorSymbol(name);
  return symbol !== undefined && ARITHMETIC.has(symbol) && name !== '-_' ? symbol : undefined;
}
