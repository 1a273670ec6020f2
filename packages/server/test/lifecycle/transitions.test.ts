import { Catalogue, isAutomatic, words, type Transition } from '@specrun/model';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError, type WireRecord } from '../../src/index.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness, type LifecycleHarness } from './support/lifecycle-harness.js';
import { attemptOf, reach, reachableStates, take } from './support/reach.js';
import { makeWorld, rowCaseOf, type Attempt, type LifecycleScenario } from './support/scenario.js';
import { SCENARIOS } from './support/scenarios.js';

const checked: Record<string, number> = {};
const count = (dialect: string) => (checked[dialect] = (checked[dialect] ?? 0) + 1);
afterAll(() => console.log('transition cases checked, by dialect:', checked));

/** The error a transition is refused with; fails the test when it succeeds. */
async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the transition should have been refused').toBeInstanceOf(AppError);
  return error as AppError;
}

/** Expects a refusal with `code`, the catalogue's message, and the record left as it was. */
async function expectRefused(
  h: LifecycleHarness,
  entity: string,
  record: WireRecord,
  work: () => Promise<unknown>,
  code: string,
  at?: string,
) {
  const historyBefore = await h.historyCount(entity, record.id as string);
  const error = await refusal(work());
  expect(error.code, error.detail).toBe(code);
  const catalogue = new Catalogue(h.model);
  // A refusal about one input names it in words where the message says {field}.
  const params: Record<string, string> = at === undefined ? {} : { field: words(at) };
  if (!['NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN'].includes(code))
    expect(error.detail).toBe(catalogue.resolve(code, params).message);
  expect(error.errors?.map((e) => e.field) ?? []).toEqual(at === undefined ? [] : [at]);
  expect(catalogue.resolve(code).status).toBeGreaterThanOrEqual(400);
  expect(catalogue.resolve(code).status).toBeLessThan(500);
  expect(await h.stored(entity, record.id as string)).toEqual(record);
  expect(await h.historyCount(entity, record.id as string)).toBe(historyBefore);
}

function rowsOf(scenario: LifecycleScenario) {
  return scenario.model.lifecycles.flatMap((l) =>
    l.transitions.map((row) => ({ lifecycle: l, entity: l.entity, row })),
  );
}

describe('the lifecycle scenarios', () => {
  it('cover every example with a lifecycle and every row of each', () => {
    const withLifecycles = Object.entries(EXAMPLE_MODELS).filter(([, m]) => m.lifecycles.length);
    expect(SCENARIOS.map((s) => s.name).sort()).toEqual(withLifecycles.map(([n]) => n).sort());
    for (const scenario of SCENARIOS)
      for (const { entity, row } of rowsOf(scenario)) {
        const rowCase = rowCaseOf(scenario, entity, row);
        expect(rowCase, `${scenario.name} ${entity}.${row.action}`).toBeDefined();
        if (row.when) expect(rowCase!.fails?.length, `${row.action} guard`).toBeGreaterThan(0);
        expect(rowCase!.sets !== undefined, `${row.action} Sets`).toBe(row.sets.length > 0);
      }
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'transitions', (databases) => {
    for (const scenario of SCENARIOS) {
      describe(scenario.name, () => {
        const h = useLifecycleHarness(databases, scenario.model, scenario.overrides);

        // The system's rows are taken by the scheduler: see automatic-rows.test.ts.
        for (const { lifecycle, entity, row } of rowsOf(scenario).filter(
          (r) => !isAutomatic(r.row),
        )) {
          const rowCase = rowCaseOf(scenario, entity, row)!;
          const label = `${entity}.${row.action}`;

          for (const from of row.from) {
            it(`${label} from ${from}: moves the record, applies Sets, writes history`, async () => {
              const world = await makeWorld(h, scenario);
              const before = await reach(h, scenario, world, entity, from);
              const attempt = attemptOf(h, world, before, row, rowCase.pass);
              // The same instant for the transition as for the expectations drawn from it.
              const pass = { ...rowCase.pass, at: () => attempt.now };
              const answer = await take(h, world, entity, before, row, pass);
              const after = await h.stored(entity, before.id as string);
              // The answer is read as its caller reads the record.
              expect(answer).toEqual(await h.stored(entity, after.id as string, attempt.actor));
              expect(after[lifecycle.field]).toBe(row.to);
              expect(after.version).toBe((before.version as number) + 1);
              expect(after.updatedAt).toBe(attempt.now.toISOString());
              const expected = rowCase.sets?.({ h, world, record: before, ...attempt }) ?? {};
              expect(Object.keys(expected).sort()).toEqual(row.sets.map((s) => s.field).sort());
              for (const [field, value] of Object.entries(expected))
                expect(after[field], `${label} sets ${field}`).toEqual(value);
              const untouched = Object.keys(before).filter(
                (f) =>
                  !(f in expected) &&
                  ![lifecycle.field, 'version', 'updatedAt'].includes(f) &&
                  !h.model.entities
                    .find((e) => e.name === entity)!
                    .fields.some((x) => x.name === f && x.rules.some((r) => r.kind === 'computed')),
              );
              for (const f of untouched) expect(after[f], `${f} kept`).toEqual(before[f]);
              const { items } = await h.lifecycle(entity).history(h.lctx(null), after.id as string);
              const entry = items[items.length - 1]!;
              expect(entry).toMatchObject({
                recordId: after.id,
                action: row.action,
                fromState: from,
                toState: row.to,
                byUser: attempt.actor.id,
                input: attempt.input,
                at: attempt.now.toISOString(),
              });
              expect(items).toHaveLength(await h.historyCount(entity, after.id as string));
              count(dialect);
            });
          }

          for (const also of rowCase.also ?? []) {
            it(`${label} also succeeds with ${also.name}`, async () => {
              const world = await makeWorld(h, scenario);
              const before = await reach(h, scenario, world, entity, row.from[0]!);
              await take(h, world, entity, before, row, also);
              const after = await h.stored(entity, before.id as string);
              expect(after[lifecycle.field]).toBe(row.to);
              await also.then?.({ h, world, record: before });
              count(dialect);
            });
          }

          it(`${label}: refuses callers without a role in Who or section 6's leave`, async () => {
            const world = await makeWorld(h, scenario);
            const record = await reach(h, scenario, world, entity, row.from[0]!);
            const lc = h.lifecycle(entity);
            const id = record.id as string;
            const { actor, input } = attemptOf(h, world, record, row, rowCase.pass);
            const try_ = (ctx: ReturnType<typeof h.lctx>) => () =>
              lc.transition(ctx, id, row.action, input);
            // Outside every row of the action from this state: a role in another row takes that row.
            const who = lifecycle.transitions
              .filter((t) => t.action === row.action && t.from.includes(row.from[0]!))
              .flatMap((t) => t.who);
            const outsiders = Object.entries(world.actors).filter(
              ([, a]) => !a.roles.some((r) => who.includes(r)),
            );
            expect(outsiders.length).toBeGreaterThan(0);
            for (const [, outsider] of outsiders)
              await expectRefused(h, entity, record, try_(h.lctx(outsider)), 'FORBIDDEN');
            await expectRefused(h, entity, record, try_(h.lctx(null)), 'UNAUTHENTICATED');
            h.barred.add(actor.id);
            try {
              await expectRefused(h, entity, record, try_(h.lctx(actor)), 'FORBIDDEN');
            } finally {
              h.barred.delete(actor.id);
            }
            h.blind.add(actor.id);
            try {
              await expectRefused(h, entity, record, try_(h.lctx(actor)), 'NOT_FOUND');
            } finally {
              h.blind.delete(actor.id);
            }
            count(dialect);
          });

          const elsewhere = reachableStates(lifecycle).filter((s) => !row.from.includes(s));
          for (const state of elsewhere) {
            it(`${label}: refuses a record in ${state} with TRANSITION_NOT_ALLOWED`, async () => {
              const world = await makeWorld(h, scenario);
              const record = await reach(h, scenario, world, entity, state);
              const { actor, now, input } = attemptOf(h, world, record, row, rowCase.pass);
              const work = () =>
                h
                  .lifecycle(entity)
                  .transition(h.lctx(actor, now), record.id as string, row.action, input);
              await expectRefused(h, entity, record, work, 'TRANSITION_NOT_ALLOWED');
              count(dialect);
            });
          }

          for (const fail of rowCase.fails ?? []) {
            it(`${label}: answers ${refusalCode(row, fail)} for ${fail.name}`, async () => {
              await guardRefuses(h, scenario, entity, row, fail);
              count(dialect);
            });
          }
        }
      });
    }
  });
}

async function guardRefuses(
  h: LifecycleHarness,
  scenario: LifecycleScenario,
  entity: string,
  row: Transition,
  fail: Attempt,
) {
  const world = await makeWorld(h, scenario);
  const reached = await reach(h, scenario, world, entity, row.from[0]!);
  await fail.prepare?.({ h, world, record: reached });
  const record = await h.stored(entity, reached.id as string);
  const { actor, now, input } = attemptOf(h, world, record, row, fail);
  const work = () =>
    h.lifecycle(entity).transition(h.lctx(actor, now), record.id as string, row.action, input);
  await expectRefused(h, entity, record, work, refusalCode(row, fail), fail.refusedAt);
}

/** The code a refused attempt answers: the row's Error, else one about its input or its state. */
const refusalCode = (row: Transition, fail: Attempt) =>
  row.error ?? (fail.refusedAt ? 'VALIDATION_FAILED' : 'TRANSITION_NOT_ALLOWED');
