import { evaluate } from '@specrun/expr';
import type { AppModel } from '@specrun/model';

/** An evaluated value in wire form: instants as ISO text, money as its amount. */
function toWire(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null && 'amount' in value) return value.amount;
  return value;
}

/**
 * Evaluates a default or computed value; one that cannot be evaluated (an empty reference, no
 * user, count() outside the database) is empty, as the language says.
 */
export function valueOf(
  source: string,
  model: AppModel,
  bindings: Record<string, unknown>,
  scope: Parameters<typeof evaluate>[3],
): unknown {
  try {
    return toWire(evaluate(source, model, bindings, scope)) ?? null;
  } catch {
    return null;
  }
}
