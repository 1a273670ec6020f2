import type { AppModel, Transition } from '@specrun/model';
import type { Actor, WireRecord } from '../../../src/index.js';
import type { Overrides } from '../../operations/support/harness.js';
import type { LifecycleHarness } from './lifecycle-harness.js';

/** The people around one record: an actor per declared role, a second one, and a roleless one. */
export interface World {
  actors: Record<string, Actor>;
}

/** What a test knows when it works out an instant, an input or what Sets must have written. */
export interface Moment {
  h: LifecycleHarness;
  world: World;
  record: WireRecord;
}

/** One way of taking an action: who, when, with what payload, after what change. */
export interface Attempt {
  /** A world actor's name; by default the row's first declared role in Who. */
  by?: string;
  input?: (m: Moment) => Record<string, unknown>;
  /** The request's instant; the clock by default. */
  at?: (m: Moment) => Date;
  /** Changes the record or its surroundings first (the guard's facts). */
  prepare?: (m: Moment) => Promise<void>;
  /** What must hold once an `also` attempt has succeeded (the effects on other records). */
  then?: (m: Moment) => Promise<void>;
  /**
   * Its preparation sets up records the action's effects change (a waiting list to promote):
   * actions tried on copies of the record would change them, and a copy counts twice, so the
   * available-actions test does not take the prepared record as a sample.
   */
  feedsEffects?: boolean;
  /**
   * A refused attempt whose input alone fails the guard: the input the refusal is about, where it
   * puts its item (answered VALIDATION_FAILED when the row names no Error).
   */
  refusedAt?: string;
}

/** How to test one row of a lifecycle. */
export interface RowCase {
  /** An attempt that succeeds from every From state reached the usual way. */
  pass: Attempt;
  /** The values the row's Sets must have written, for every field they set. */
  sets?: (m: Moment & { actor: Actor; now: Date; input: Record<string, unknown> }) => WireRecord;
  /** Other attempts that succeed (another branch of the guard). */
  also?: (Attempt & { name: string })[];
  /** Attempts the guard refuses, each answered with the row's Error. */
  fails?: (Attempt & { name: string })[];
}

/** One example's lifecycles as a test takes them. */
export interface LifecycleScenario {
  name: string;
  model: AppModel;
  overrides: Overrides;
  /**
   * Who creates each lifecycle entity's records, and how to test each of its rows: by action, or,
   * when an action has several rows (an owner's `cancel` and reception's), by action and Who,
   * as `"cancel by reception"` (see rowCaseOf).
   */
  entities: Record<
    string,
    {
      creator: string;
      rows: Record<string, RowCase>;
      /** How to make a record that starts in each state of a data-dependent Initial. */
      starts?: Record<string, (m: Omit<Moment, 'record'>) => Promise<WireRecord>>;
    }
  >;
  /** Links between the world's people the guards need (a claimant's manager...). */
  setup?: (h: LifecycleHarness, world: World) => Promise<void>;
}

/** The case of a row: the one keyed by its action and Who, else the one keyed by its action. */
export function rowCaseOf(
  scenario: LifecycleScenario,
  entity: string,
  row: Transition,
): RowCase | undefined {
  const rows = scenario.entities[entity]?.rows;
  return rows?.[`${row.action} by ${row.who.join(', ')}`] ?? rows?.[row.action];
}

const BUILT_IN_ROLES = new Set(['anyone', 'signed-in']);

/** The world actor that takes a row by default: its first declared role. */
export function defaultActor(row: Transition): string {
  return row.who.find((r) => !BUILT_IN_ROLES.has(r)) ?? 'none';
}

/**
 * A fresh world: two actors per declared role (`agent`, `agent2`) and `none`, signed in with no
 * role (an account needs one, so `none` acts with its roles taken away).
 */
export async function makeWorld(h: LifecycleHarness, scenario: LifecycleScenario): Promise<World> {
  const actors: Record<string, Actor> = { none: { ...(await h.actor()), roles: [] } };
  for (const role of h.model.roles) {
    actors[role.name] = await h.actor([role.name]);
    actors[`${role.name}2`] = await h.actor([role.name]);
  }
  const world = { actors };
  await scenario.setup?.(h, world);
  return world;
}
