import { peopleActions } from '@specrun/model';
import type { PreparedApp } from '../app/prepared-app.js';
import type { WireRecord } from '../store/record-codec.js';
import type { Actor } from '../callers/actor.js';
import { availableActionsOfPage, type PageOptions } from './available-actions.js';
import { prepareInUse } from '../operations/in-use.js';
import { prepareCreateOffers } from './create-offers.js';
import { withdrawDeleteInUseNow, withdrawDeletesInUse } from './deletes-in-use.js';
import { localActionsOf, type LocalActions } from './local-actions.js';
import type { LifecycleContext } from './lifecycle-context.js';
import type { LifecycleSetup } from './lifecycle-setup.js';
import { recordHistory, type HistoryPage } from './record-history.js';
import { rolePlans, type RolePlan } from './role-plan.js';
import { takeTransition, takeTransitionStored } from './take-transition.js';

/** Takes `action` on the record `id`, with `input` as its payload (see take-transition.ts). */
type Transition = (
  ctx: LifecycleContext,
  id: string,
  action: string,
  input: unknown,
  expectedVersion?: number,
) => Promise<WireRecord>;

/** The lifecycle calls of one entity. Every answer shows only what the caller may read. */
export interface EntityLifecycle {
  /** The lifecycle's actions people take, in the order of its table, each once: one route each. */
  actions: readonly string[];
  /** Takes an action on a record; `input` is the payload; answers the record after it. */
  transition: Transition;
  /** The same transition, answering the record as stored (to be shown as the caller sees it). */
  transitionStored: Transition;
  /** A page of the record's history, oldest first, for whoever may read the record. */
  history(ctx: LifecycleContext, id: string, cursor?: string, limit?: number): Promise<HistoryPage>;
  /** The actions the caller may take on the record now (see available-actions.ts). */
  availableActions(
    ctx: LifecycleContext,
    record: WireRecord,
    options?: PageOptions,
  ): Promise<string[]>;
  /**
   * availableActions decided in place for this caller, when every guard they may meet reads only
   * the record's own values; undefined otherwise.
   */
  localActions(actor: Actor | null): LocalActions | undefined;
  /** Whether a record of the entity may offer to create others that refer to it. */
  offersCreates: boolean;
  /** The names of those creates (`create:Booking.event`), one per reference to the entity. */
  createOffers: readonly string[];
  /**
   * Takes `delete` out of the actions of records answered in place (localActions) that other
   * records still refer to, as availableActions does: one statement for the page, none when no
   * record offers it.
   */
  withdrawDeletesInUse(records: readonly WireRecord[]): Promise<void>;
  /** The same for one record, at once; false when the store cannot read at once. */
  withdrawDeleteInUseNow(record: WireRecord): boolean;
  /** The same for a page of records at once, in their order: what a list should use. */
  availableActionsOfPage(
    ctx: LifecycleContext,
    records: readonly WireRecord[],
    options?: PageOptions,
  ): Promise<string[][]>;
}

// What every caller may do on an entity without a lifecycle.
const NO_ACTIONS: RolePlan = { byAction: new Map(), byState: new Map() };

function entityLifecycle(setup: LifecycleSetup): EntityLifecycle {
  const page = (ctx: LifecycleContext, records: readonly WireRecord[], options?: PageOptions) =>
    availableActionsOfPage(setup, ctx, records, options);
  return {
    actions: peopleActions(setup.lifecycle?.lifecycle),
    transition: (ctx, id, action, input, version) =>
      takeTransition(setup, ctx, id, action, input, version),
    transitionStored: (ctx, id, action, input, version) =>
      takeTransitionStored(setup, ctx, id, action, input, version),
    history: (ctx, id, cursor, size) => recordHistory(setup, ctx, id, cursor, size),
    availableActions: async (ctx, record, options) => (await page(ctx, [record], options))[0]!,
    localActions: (actor) => localActionsOf(setup, actor),
    offersCreates: (setup.creates ?? []).length > 0,
    createOffers: (setup.creates ?? []).map((offer) => offer.name),
    availableActionsOfPage: page,
    withdrawDeletesInUse: (records) =>
      withdrawDeletesInUse(setup.inUse, setup.app.store.db, records),
    withdrawDeleteInUseNow: (record) =>
      withdrawDeleteInUseNow(setup.inUse, setup.app.store.db, record),
  };
}

/**
 * The lifecycle calls of every entity of a prepared application, by entity name: one without a
 * lifecycle has a history and no actions. The role plans are made on first use, then kept.
 */
export function prepareLifecycles(app: PreparedApp): Readonly<Record<string, EntityLifecycle>> {
  const out: Record<string, EntityLifecycle> = {};
  for (const prepared of app.entities.values()) {
    const { lifecycle } = prepared;
    const planFor = lifecycle ? rolePlans(lifecycle) : () => NO_ACTIONS;
    const creates = prepareCreateOffers(app, prepared);
    const setup: LifecycleSetup = { app, prepared, planFor, creates };
    if (lifecycle) setup.lifecycle = lifecycle;
    const inUse = prepareInUse(app.store.db, prepared.table);
    if (inUse) setup.inUse = inUse;
    out[prepared.entity.name] = entityLifecycle(setup);
  }
  return out;
}
