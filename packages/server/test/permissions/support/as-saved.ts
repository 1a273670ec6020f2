import { evaluate } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import type { Actor, WireRecord } from '../../../src/index.js';
import type { World } from './world.js';

function wire(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null && 'amount' in value) return value.amount;
  return value ?? null;
}

/**
 * The record a create would save, for the oracle: the body, then the default of every field it
 * leaves empty (literal, or evaluated with `user`, `now` and `input`), the initial state, and
 * the engine's fields. Conditions of section 6 on create are evaluated on this.
 */
export function asSaved(
  model: AppModel,
  world: World,
  entity: string,
  body: WireRecord,
  actor: Actor | null,
): WireRecord {
  const record: WireRecord = { ...body };
  const user = world.user(actor);
  const now = new Date();
  for (const field of model.entities.find((e) => e.name === entity)!.fields) {
    const given = record[field.name];
    if ((given !== undefined && given !== null) || !field.default) continue;
    const d = field.default;
    try {
      record[field.name] =
        d.kind === 'literal'
          ? d.value
          : wire(
              evaluate(
                d.expression.source,
                model,
                { user, now, input: body },
                { hasUser: true, hasInput: true },
              ),
            );
    } catch {
      record[field.name] = null;
    }
  }
  const lifecycle = model.lifecycles.find((l) => l.entity === entity);
  if (lifecycle) record[lifecycle.field] = lifecycle.initial;
  const at = now.toISOString();
  return { ...record, id: null, createdAt: at, updatedAt: at, createdBy: actor?.id ?? null };
}
