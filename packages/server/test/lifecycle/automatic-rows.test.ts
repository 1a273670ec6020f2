import { isAutomatic } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness } from './support/lifecycle-harness.js';
import { reach } from './support/reach.js';
import { makeWorld, rowCaseOf } from './support/scenario.js';
import { SCENARIOS } from './support/scenarios.js';
import { afterTick } from './support/take-automatically.js';

/** Every example's automatic rows (`Who: system`), with their scenario. */
const automatic = SCENARIOS.flatMap((scenario) =>
  scenario.model.lifecycles.flatMap((lifecycle) =>
    lifecycle.transitions
      .filter(isAutomatic)
      .map((row) => ({ scenario, lifecycle, entity: lifecycle.entity, row })),
  ),
);

describe('the examples', () => {
  it('have automatic rows for the scheduler to take', () => {
    expect(automatic.map((a) => `${a.scenario.name} ${a.entity}.${a.row.action}`)).toContain(
      'helpdesk Ticket.expire',
    );
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'automatic rows of the examples', (databases) => {
    for (const scenario of new Set(automatic.map((a) => a.scenario))) {
      describe(scenario.name, () => {
        const h = useLifecycleHarness(databases, scenario.model, scenario.overrides);
        for (const { lifecycle, entity, row } of automatic.filter((a) => a.scenario === scenario)) {
          const rowCase = rowCaseOf(scenario, entity, row)!;
          const label = `${entity}.${row.action}`;

          for (const from of row.from) {
            it(`${label} from ${from}: the scheduler moves the record once, as the system`, async () => {
              const world = await makeWorld(h, scenario);
              const before = await reach(h, scenario, world, entity, from);
              await rowCase.pass.prepare?.({ h, world, record: before });
              const now = rowCase.pass.at?.({ h, world, record: before }) ?? new Date();
              const { moved, after } = await afterTick(h, entity, before, now);
              expect(moved).toBe(true);
              expect(after[lifecycle.field]).toBe(row.to);
              expect(after.version).toBe((before.version as number) + 1);
              expect(after.updatedAt).toBe(now.toISOString());
              const actor = world.actors.none!;
              const expected = rowCase.sets?.({ h, world, record: before, actor, now, input: {} });
              for (const [field, value] of Object.entries(expected ?? {}))
                expect(after[field], `${label} sets ${field}`).toEqual(value);
              const { items } = await h.lifecycle(entity).history(h.lctx(null), after.id as string);
              expect(items.at(-1)).toMatchObject({
                action: row.action,
                fromState: from,
                toState: row.to,
                byUser: null,
                input: null,
                at: now.toISOString(),
              });
              // Taken: no longer in a From state, so a later tick leaves it.
              expect((await afterTick(h, entity, after, now)).moved).toBe(false);
            });
          }

          for (const fail of rowCase.fails ?? []) {
            it(`${label}: the scheduler leaves a record ${fail.name}`, async () => {
              const world = await makeWorld(h, scenario);
              const reached = await reach(h, scenario, world, entity, row.from[0]!);
              await fail.prepare?.({ h, world, record: reached });
              const record = await h.stored(entity, reached.id as string);
              const now = fail.at?.({ h, world, record }) ?? new Date();
              const { moved, after } = await afterTick(h, entity, record, now);
              expect(moved).toBe(false);
              expect(after).toEqual(record);
            });
          }

          it(`${label}: people are never offered it, nor may take it`, async () => {
            const world = await makeWorld(h, scenario);
            const record = await reach(h, scenario, world, entity, row.from[0]!);
            const lc = h.lifecycle(entity);
            for (const actor of [...Object.values(world.actors), null]) {
              const ctx = h.lctx(actor);
              expect(await lc.availableActions(ctx, { id: record.id as string })).not.toContain(
                row.action,
              );
              const error = await lc.transition(ctx, record.id as string, row.action, {}).then(
                () => undefined,
                (e: unknown) => e,
              );
              expect((error as AppError).code).toBe('NOT_FOUND');
            }
            expect(await h.stored(entity, record.id as string)).toEqual(record);
          });
        }
      });
    }
  });
}
