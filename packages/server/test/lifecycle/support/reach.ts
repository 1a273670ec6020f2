import { isAutomatic, type Lifecycle, type Transition } from '@specrun/model';
import type { WireRecord } from '../../../src/index.js';
import type { LifecycleHarness } from './lifecycle-harness.js';
import { tickAt } from './take-automatically.js';
import {
  defaultActor,
  rowCaseOf,
  type Attempt,
  type LifecycleScenario,
  type World,
} from './scenario.js';

/** The rows that lead from the initial state to `state`, shortest first; undefined if none. */
export function pathTo(lifecycle: Lifecycle, state: string): Transition[] | undefined {
  const paths = new Map<string, Transition[]>([[lifecycle.initial, []]]);
  const queue = [lifecycle.initial];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const row of lifecycle.transitions) {
      if (!row.from.includes(from) || paths.has(row.to)) continue;
      paths.set(row.to, [...paths.get(from)!, row]);
      queue.push(row.to);
    }
  }
  return paths.get(state);
}

/** The states a record can be brought to, in the order of the lifecycle's list. */
export function reachableStates(lifecycle: Lifecycle): string[] {
  return lifecycle.states.filter((s) => pathTo(lifecycle, s) !== undefined);
}

/** The request an attempt makes on a record: who, when, with what payload. */
export function attemptOf(
  h: LifecycleHarness,
  world: World,
  record: WireRecord,
  row: Transition,
  attempt: Attempt,
) {
  const moment = { h, world, record };
  const name = attempt.by ?? defaultActor(row);
  const actor = world.actors[name];
  if (!actor) throw new Error(`no actor ${name} in the world`);
  return {
    actor,
    now: attempt.at?.(moment) ?? new Date(),
    input: attempt.input?.(moment) ?? {},
  };
}

/** Makes the attempt's changes, then takes the row's action as the attempt says. */
export async function take(
  h: LifecycleHarness,
  world: World,
  entity: string,
  record: WireRecord,
  row: Transition,
  attempt: Attempt,
): Promise<WireRecord> {
  await attempt.prepare?.({ h, world, record });
  // The system takes an automatic row, when the scheduler ticks at the attempt's instant.
  if (isAutomatic(row)) {
    await tickAt(h, attempt.at?.({ h, world, record }) ?? new Date());
    return h.stored(entity, record.id as string);
  }
  const { actor, now, input } = attemptOf(h, world, record, row, attempt);
  return h.lifecycle(entity).transition(h.lctx(actor, now), record.id as string, row.action, input);
}

/** A new record of `entity`, made by the entity's creator and brought to `state` by its rows. */
export async function reach(
  h: LifecycleHarness,
  scenario: LifecycleScenario,
  world: World,
  entity: string,
  state: string,
): Promise<WireRecord> {
  const lifecycle = h.model.lifecycles.find((l) => l.entity === entity)!;
  const path = pathTo(lifecycle, state);
  if (!path) throw new Error(`${entity} cannot reach ${state}`);
  const creator = world.actors[scenario.entities[entity]!.creator]!;
  // Read back as every later read is, by nobody: the creator's answer fills values that read `user`.
  let record = await h.stored(entity, (await h.make(entity, creator)).id as string);
  for (const row of path) {
    await take(h, world, entity, record, row, rowCaseOf(scenario, entity, row)!.pass);
    record = await h.stored(entity, record.id as string);
  }
  return record;
}
