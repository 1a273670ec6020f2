import type { PreparedApp } from '../app/prepared-app.js';
import type { OperationContext } from '../operations/operation-context.js';
import { ensureCounters } from '../store/counters.js';
import type { Db } from '../store/db-type.js';
import { createByEffect } from './effect-create.js';
import { takeByEffect } from './effect-take.js';
import { effectTarget } from './effect-target.js';
import { updateByEffect } from './effect-update.js';
import { effectValues, type EffectCause } from './effect-values.js';
import type { PreparedEffect } from './prepare-effects.js';

/** Before the transaction: the counters a numbered record created by an effect takes its number from. */
export async function prepareEffectStore(
  app: PreparedApp,
  effects: readonly PreparedEffect[] | undefined,
): Promise<void> {
  const numbers = (effects ?? []).some(
    ({ effect }) =>
      effect.kind === 'create' && (app.entities.get(effect.entity)?.numbered.length ?? 0) > 0,
  );
  if (numbers) await ensureCounters(app.store);
}

/**
 * Runs a transition's effects on other records, in order, in its transaction, once the record
 * has moved: each sees the record after the transition. An effect whose target is an empty
 * reference, or whose query finds nothing, does nothing. The transitions and records effects make
 * run no effects of their own: what follows a transition is all written after it.
 */
export async function runEffects(
  app: PreparedApp,
  db: Db,
  ctx: OperationContext,
  effects: readonly PreparedEffect[],
  cause: EffectCause,
): Promise<void> {
  for (const prepared of effects) {
    const { effect } = prepared;
    if (effect.kind === 'create') {
      const into = app.entities.get(effect.entity)!;
      const values = await effectValues(app, db, ctx, prepared, cause, into);
      await createByEffect(app, db, ctx, into, values, cause);
      continue;
    }
    const target = await effectTarget(app, db, ctx, prepared, effect.target, cause);
    if (!target) continue;
    if (effect.kind === 'take') {
      await takeByEffect(app, db, ctx, target, effect.action, cause);
      continue;
    }
    const values = await effectValues(
      app,
      db,
      ctx,
      prepared,
      cause,
      target.prepared,
      target.candidate,
    );
    await updateByEffect(app, db, ctx, target, values, cause);
  }
}
