import { countingTransaction } from '../rules/counting-transaction.js';
import { chooseRow } from '../lifecycle/choose-row.js';
import { applyMove } from '../lifecycle/apply-move.js';
import { prepareEffectStore, runEffects } from '../lifecycle/run-effects.js';
import { transitionTurn } from '../lifecycle/transition-turn.js';
import { getRecord } from '../store/records.js';
import type { AutomaticRow } from './automatic-rows.js';
import { claimDue } from './claim-due.js';

/** What one attempt did: moved a record, found none due, or failed on one (rolled back). */
export type DueOutcome =
  { kind: 'taken'; id: string } | { kind: 'none' } | { kind: 'failed'; id: string; error: unknown };

/**
 * Takes an automatic transition on one due record, in a transaction of its own: claims it
 * (claimDue), reads it, takes the turn a counting When needs, checks the When again on the record
 * as read (a count may have changed), works out its Sets and writes the move as a compare-and-set
 * on version and state, with a history entry by nobody (the system), then runs the action's
 * effects. Whatever fails rolls back and is answered, never thrown: one bad record does not stop
 * the others.
 */
export async function takeDue(
  automatic: AutomaticRow,
  now: Date,
  passed: readonly string[],
): Promise<DueOutcome> {
  const { setup, row } = automatic;
  const { app, prepared, lifecycle } = setup;
  const ctx = { actor: null, now, policy: app.policy };
  const effects = lifecycle!.effects.get(row.action) ?? [];
  await prepareEffectStore(app, effects);
  let claimed: string | undefined;
  try {
    return await countingTransaction(app.store, async (trx, takeTurn) => {
      claimed = await claimDue(trx, app.store.dialect, automatic, now, passed);
      if (claimed === undefined) return { kind: 'none' } as const;
      const values = lifecycle!.readsDatabaseValues ? prepared.databaseValues(ctx) : undefined;
      const stored = await getRecord(trx, prepared.table, claimed, values);
      if (!stored) throw new Error(`the claimed record ${claimed} is gone`);
      await takeTurn(() => transitionTurn(setup, [row], stored, null));
      const entity = prepared.entity.name;
      const request = { db: trx, entity, stored, actor: null, input: {}, now };
      const chosen = await chooseRow([row], { ...request, catalogue: app.catalogue });
      const move = { stored, row: chosen.row, bindings: chosen.bindings };
      const written = await applyMove(app, prepared, trx, ctx, move, { input: null, byUser: null });
      // The action's effects on other records, as when a person takes it.
      const cause = { entity, action: row.action, record: written, old: stored, input: {} };
      await runEffects(app, trx, ctx, effects, cause);
      return { kind: 'taken', id: claimed } as const;
    });
  } catch (error) {
    if (claimed === undefined) throw error;
    return { kind: 'failed', id: claimed, error };
  }
}
