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

/**
 * The states a new record may start in: the initial one, then those of a data-dependent Initial
 * (`waitlisted when …`), which the scenario says how to start in.
 */
function startStates(lifecycle: Lifecycle): string[] {
  return [lifecycle.initial, ...(lifecycle.initialWhen ?? []).map((c) => c.state)];
}

/** The state a record starts in and the rows that lead from it to `state`, shortest first. */
function routeTo(lifecycle: Lifecycle, state: string) {
  const routes = new Map(
    startStates(lifecycle).map((s) => [s, { start: s, rows: [] as Transition[] }]),
  );
  const queue = [...routes.keys()];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const row of lifecycle.transitions) {
      if (!row.from.includes(from) || routes.has(row.to)) continue;
      const route = routes.get(from)!;
      routes.set(row.to, { start: route.start, rows: [...route.rows, row] });
      queue.push(row.to);
    }
  }
  return routes.get(state);
}

/** The rows that lead from a state a record starts in to `state`, shortest first; undefined if none. */
export function pathTo(lifecycle: Lifecycle, state: string): Transition[] | undefined {
  return routeTo(lifecycle, state)?.rows;
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
  const route = routeTo(lifecycle, state);
  if (!route) throw new Error(`${entity} cannot reach ${state}`);
  const { creator, starts } = scenario.entities[entity]!;
  const start = starts?.[route.start];
  if (route.start !== lifecycle.initial && !start)
    throw new Error(`the scenario does not say how a new ${entity} starts ${route.start}`);
  const made = start ? await start({ h, world }) : await h.make(entity, world.actors[creator]!);
  // Read back as every later read is, by nobody: the creator's answer fills values that read `user`.
  let record = await h.stored(entity, made.id as string);
  for (const row of route.rows) {
    await take(h, world, entity, record, row, rowCaseOf(scenario, entity, row)!.pass);
    record = await h.stored(entity, record.id as string);
  }
  return record;
}
