import { AppError } from '../catalogue/app-error.js';
import { countingTransaction } from '../rules/counting-transaction.js';
import { checkSettings } from '../operations/check-settings.js';
import { readableRecord } from '../operations/readable-record.js';
import { refusal, unreadable } from '../operations/refusal.js';
import { storeWork } from '../operations/store-errors.js';
import { writtenRecord } from '../operations/visible-record.js';
import type { WireRecord } from '../store/record-codec.js';
import { applyMove } from './apply-move.js';
import { checkInputNames, checkInputTypes } from './check-input.js';
import { withoutFileBytes } from './file-inputs.js';
import { checkRoles, wrongState } from './check-roles.js';
import { chooseRow } from './choose-row.js';
import { prepareEffectStore, runEffects } from './run-effects.js';
import type { LifecycleContext } from './lifecycle-context.js';
import type { LifecycleSetup } from './lifecycle-setup.js';
import { readInput } from './read-input.js';
import { transitionTurn } from './transition-turn.js';

/**
 * Takes `action` on a record, in one transaction, as section 4 says: the payload must be an
 * object (BAD_REQUEST); the record must exist and be readable (NOT_FOUND) and, when a version is
 * expected, be at it (CONFLICT); the caller needs a role in the row's Who and section 6's leave
 * (UNAUTHENTICATED or FORBIDDEN); the record must be in a From state (TRANSITION_NOT_ALLOWED);
 * When must hold (the row's Error). Then Sets are worked out from the record before the
 * transition and checked, the state becomes To, and the change is written as a compare-and-set
 * on version and state (CONFLICT when another transition won), with its history entry. Any
 * refusal rolls everything back. Answers the record as stored, once committed (takeTransition
 * shows it as the caller may see it).
 */
export async function takeTransitionStored(
  setup: LifecycleSetup,
  ctx: LifecycleContext,
  id: string,
  action: string,
  body: unknown,
  expectedVersion?: number,
): Promise<WireRecord> {
  const { app, prepared, lifecycle } = setup;
  const { actor, now, policy } = ctx;
  const entity = prepared.entity.name;
  const input = readInput(body);
  const plan = lifecycle && setup.planFor(actor).byAction.get(action);
  if (!lifecycle || !plan) throw new AppError('NOT_FOUND', `${entity} has no action ${action}.`);
  checkInputNames(setup, action, input);
  const field = lifecycle.field;
  const effects = lifecycle.effects.get(action) ?? [];
  await prepareEffectStore(app, effects);
  return storeWork(() =>
    countingTransaction(app.store, async (trx, takeTurn) => {
      const values = lifecycle.readsDatabaseValues ? prepared.databaseValues(ctx) : undefined;
      const stored = await readableRecord(trx, prepared, ctx, id, values);
      if (!stored) throw unreadable(policy, actor, entity, id);
      if (expectedVersion !== undefined && stored.version !== expectedVersion)
        throw new AppError('CONFLICT');
      const state = stored[field] as string;
      const candidates = checkRoles(plan, state, actor);
      if (!(await policy.canTakeAction(actor, entity, action, stored, trx))) throw refusal(actor);
      if (candidates.length === 0) throw wrongState(app.catalogue);
      const { catalogue } = app;
      const settings = checkSettings(app, now);
      const request = { db: trx, entity, stored, actor, input, now, catalogue, settings };
      // A guard that counts decides on rows the transition does not touch: see countingTransaction.
      await takeTurn(() => transitionTurn(setup, candidates, stored, actor));
      const { row, bindings } = await chooseRow(candidates, request);
      checkInputTypes(setup, action, input);
      const move = { stored, row, bindings };
      const entry = { input: withoutFileBytes(setup, action, input), byUser: actor?.id ?? null };
      const written = await applyMove(app, prepared, trx, ctx, move, entry);
      // Effects on other records, in this transaction: any refusal rolls the transition back.
      const cause = { entity, action, record: written, old: stored, input };
      await runEffects(app, trx, ctx, effects, cause);
      return written;
    }),
  );
}

/** takeTransitionStored's record as the caller may see it. */
export async function takeTransition(
  ...args: Parameters<typeof takeTransitionStored>
): Promise<WireRecord> {
  const [setup, ctx] = args;
  const updated = await takeTransitionStored(...args);
  // Shown once committed: the policy reads on its own connection, which on SQLite is free only then.
  return writtenRecord(setup.app, setup.prepared, ctx, updated);
}
