import { evaluate } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import type { WireRecord } from '../store/record-codec.js';
import type { Actor } from './policy.js';
import { rememberedOn } from './remembered-on-actor.js';

const asUser = Symbol('user record');

/** The actor as expressions see `user`: its built-in fields and its own, or null. */
export function userRecord(actor: Actor | null): WireRecord | null {
  if (!actor) return null;
  return rememberedOn(actor, asUser, () => ({
    ...actor.fields,
    id: actor.id,
    email: actor.email,
    name: actor.name,
    roles: actor.roles,
  }));
}

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
