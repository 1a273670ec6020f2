import { prepareEvaluation, type ExprScope } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import { callerField } from './caller-field.js';

/** A default or computed value held ready: its value in wire form for these bindings, or null. */
export type ValueOf = (bindings: Record<string, unknown>) => unknown;

/** An evaluated value in wire form: instants as ISO text, money as its amount. */
function toWire(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null && 'amount' in value) return value.amount;
  return value;
}

/**
 * Prepares a default or computed value once, at start (throwing when it does not check). A value
 * that cannot be evaluated at run time (an empty reference, no user, count() outside the
 * database) is empty, as the language says.
 */
export function prepareValue(source: string, model: AppModel, scope: ExprScope): ValueOf {
  // Prepared even when read directly: it checks the expression in this scope, at start.
  const run = prepareEvaluation(source, model, scope);
  const direct = callerField(source);
  if (direct) return direct;
  return (bindings) => {
    try {
      return toWire(run(bindings)) ?? null;
    } catch {
      return null;
    }
  };
}
