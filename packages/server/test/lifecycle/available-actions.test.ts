import { prepareApp } from '../../src/index.js';
import { Catalogue, type Transition } from '@specrun/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { AppError, type Actor, type Db, type Policy, type WireRecord } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness, type LifecycleHarness } from './support/lifecycle-harness.js';
import { reach, reachableStates } from './support/reach.js';
import { makeWorld, rowCaseOf, type LifecycleScenario, type World } from './support/scenario.js';
import { SCENARIOS } from './support/scenarios.js';

const compared: Record<string, number> = {};
afterAll(() => console.log('(record, caller, instant, action) compared:', compared));

/** A record to compare on, the world around it, and the instants its rows care about. */
interface Sample {
  label: string;
  world: World;
  record: WireRecord;
}

/** Records in every reachable state, and in each From state with each guard's facts made false. */
async function samples(
  h: LifecycleHarness,
  scenario: LifecycleScenario,
  entity: string,
): Promise<Sample[]> {
  const lifecycle = h.model.lifecycles.find((l) => l.entity === entity)!;
  const out: Sample[] = [];
  for (const state of reachableStates(lifecycle)) {
    const world = await makeWorld(h, scenario);
    out.push({ label: state, world, record: await reach(h, scenario, world, entity, state) });
  }
  for (const row of lifecycle.transitions) {
    const rowCase = rowCaseOf(scenario, entity, row)!;
    for (const attempt of [...(rowCase.fails ?? []), ...(rowCase.also ?? [])]) {
      if (!attempt.prepare || attempt.feedsEffects) continue;
      const world = await makeWorld(h, scenario);
      const reached = await reach(h, scenario, world, entity, row.from[0]!);
      await attempt.prepare({ h, world, record: reached });
      const record = await h.stored(entity, reached.id as string);
      out.push({ label: `${row.from[0]} with ${attempt.name}`, world, record });
    }
  }
  return out;
}

/** The instants the scenario's attempts take actions at, on a record, and the clock. */
function instants(scenario: LifecycleScenario, entity: string, s: Sample): Date[] {
  const moment = { h: undefined as never, world: s.world, record: s.record };
  const all = Object.values(scenario.entities[entity]!.rows).flatMap((c) => [
    c.pass,
    ...(c.fails ?? []),
    ...(c.also ?? []),
  ]);
  const times = all.flatMap((a) => {
    try {
      return a.at ? [a.at(moment).getTime()] : [];
    } catch {
      return []; // An instant read from a field this record does not have yet.
    }
  });
  return [Date.now(), ...new Set(times)].filter((t) => !Number.isNaN(t)).map((t) => new Date(t));
}

/** The payload an action is tried with: what its first row's passing attempt sends. */
function inputFor(h: LifecycleHarness, scenario: LifecycleScenario, entity: string, s: Sample) {
  return (row: Transition) => {
    const attempt = rowCaseOf(scenario, entity, row)!.pass;
    return attempt.input?.({ h, world: s.world, record: s.record }) ?? {};
  };
}

/** Takes the action and answers whether it succeeded; a refusal must be a catalogue 4xx. */
async function succeeds(h: LifecycleHarness, work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const status = new Catalogue(h.model).resolve((error as AppError).code).status;
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    return false;
  }
}

/** Who asks: the world's people and nobody, plus, with the test double, a blind and a barred one. */
async function callersOf(h: LifecycleHarness, s: Sample, entity: string, double: boolean) {
  const callers: (Actor | null)[] = [...Object.values(s.world.actors), null];
  if (!double) return callers;
  const lifecycle = h.model.lifecycles.find((l) => l.entity === entity)!;
  const declared = h.model.roles.map((r) => r.name);
  const blindOne = await h.actor();
  const barredOne = await h.actor(
    lifecycle.transitions[0]!.who.filter((r) => declared.includes(r)),
  );
  h.blind.add(blindOne.id);
  h.barred.add(barredOne.id);
  return [...callers, blindOne, barredOne];
}

/**
 * For every sample record, caller, instant and action: the action is offered exactly when taking
 * it succeeds. `policy` is section 6's own policy; without it, the test double decides.
 */
async function compareEverything(
  h: LifecycleHarness,
  scenario: LifecycleScenario,
  entity: string,
  tally: (offered: boolean) => void,
  policy?: Policy,
) {
  const lifecycle = h.model.lifecycles.find((l) => l.entity === entity)!;
  const lc = h.lifecycle(entity);
  const actions = [...new Set(lifecycle.transitions.map((t) => t.action))];
  for (const s of await samples(h, scenario, entity)) {
    const id = s.record.id as string;
    const input = inputFor(h, scenario, entity, s);
    for (const now of instants(scenario, entity, s)) {
      for (const actor of await callersOf(h, s, entity, policy === undefined)) {
        const ctx = h.lctx(actor, now, policy);
        const offered = await lc.availableActions(ctx, { id });
        const [onPage] = await lc.availableActionsOfPage(ctx, [{ id }]);
        expect(onPage).toEqual(offered);
        for (const action of actions) {
          const row = lifecycle.transitions.find((t) => t.action === action)!;
          const who = `${actor?.roles.join('+') ?? 'nobody'} at ${now.toISOString()}`;
          const where = `${entity} ${s.label}: ${action} by ${who}`;
          // An action offered is taken on a copy, which is checked to be offered too.
          const target = offered.includes(action) ? await h.clone(entity, id) : id;
          if (target !== id)
            expect(await lc.availableActions(ctx, { id: target }), where).toContain(action);
          const ok = await succeeds(h, () => lc.transition(ctx, target, action, input(row)));
          expect(ok, where).toBe(offered.includes(action));
          if (target !== id) await h.discard(entity, target);
          tally(ok);
        }
      }
    }
    expect(await h.stored(entity, id)).toEqual(s.record);
  }
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'available actions', (databases) => {
    for (const scenario of SCENARIOS) {
      describe(scenario.name, () => {
        const h = useLifecycleHarness(databases, scenario.model, scenario.overrides);
        let sectionSix: Policy;
        beforeAll(() => {
          sectionSix = prepareApp(scenario.model, h.store()).policy;
        });
        const tally = (mode: string) => (offered: boolean) => {
          const key = `${dialect}, ${mode}, ${offered ? 'offered and taken' : 'not offered, refused'}`;
          compared[key] = (compared[key] ?? 0) + 1;
        };

        for (const lifecycle of scenario.model.lifecycles) {
          const entity = lifecycle.entity;
          it(`offers on every ${entity} exactly the actions that succeed`, async () => {
            await compareEverything(h, scenario, entity, tally('test double'));
          }, 300_000);

          it(`offers on every ${entity} exactly what succeeds under section 6`, async () => {
            await compareEverything(h, scenario, entity, tally('section 6'), sectionSix);
          }, 300_000);
        }

        it('lists the actions of a whole page in one call, in as many queries as for one', async () => {
          const lifecycle = scenario.model.lifecycles[0]!;
          const entity = lifecycle.entity;
          const lc = h.lifecycle(entity);
          const world = await makeWorld(h, scenario);
          const records: WireRecord[] = [];
          for (const state of reachableStates(lifecycle))
            records.push(await reach(h, scenario, world, entity, state));
          const page = [...records, ...records, ...records, ...records, { id: 'gone' }];
          const counted = countingDb(h.store().db);
          for (const actor of [...Object.values(world.actors), null]) {
            const ctx = h.lctx(actor);
            counted.queries = 0;
            const actions = await lc.availableActionsOfPage(ctx, page, { db: counted.db });
            const forPage = counted.queries;
            const one = [];
            for (const r of records) {
              counted.queries = 0;
              one.push(await lc.availableActions(ctx, r, { db: counted.db }));
              // The page asks no more than the record that asks the most.
              expect(forPage).toBeGreaterThanOrEqual(counted.queries);
            }
            expect(actions).toEqual([...one, ...one, ...one, ...one, []]);
            // One read of the records (with their lists), one SELECT of every guard.
            const lists = h.model.entities
              .find((e) => e.name === entity)!
              .fields.filter((f) => f.type.kind === 'list').length;
            expect(forPage).toBeGreaterThan(0);
            expect(forPage).toBeLessThanOrEqual(2 + lists);
          }
        });
      });
    }
  });
}

/** A connection that counts the statements run through it. */
function countingDb(db: Db) {
  const counted = { queries: 0, db };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      counted.queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  counted.db = db.withPlugin(plugin);
  return counted;
}
