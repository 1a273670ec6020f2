import { prepareApp } from '../../src/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiContext, type ApiContext } from '../../src/http/api-context.js';
import { localAnswers, writtenInPlace } from '../../src/http/local-answers.js';
import { withActions, withActionsOf } from '../../src/http/record-actions.js';
import { listRecords as storeList, type Actor, type OperationContext } from '../../src/index.js';
import { describeDialect } from '../support/dialects.js';
import { EXAMPLES } from '../operations/support/examples.js';
import { useHarness } from '../operations/support/harness.js';
import { seedExample, type Callers } from '../permissions/support/seed.js';

// Answers made in place (local-answers.ts) must be the operations' answers, field for field and
// action for action: for every role of every example, on every record of every entity where
// they apply, by get and by list, and for a record just written (create, update, transition), to
// the byte: a written answer in place is the same JSON as the record shown by the operations.
describeDialect('sqlite', 'answers in place', (databases) => {
  let compared = 0;
  let decided = 0;
  let inPlace = 0;
  let written = 0;
  for (const example of EXAMPLES) {
    describe(example.name, () => {
      const h = useHarness(databases, example.model, example.overrides);
      let api: ApiContext;
      let callers: Callers;
      beforeAll(async () => {
        const policy = prepareApp(example.model, h.store()).policy;
        api = apiContext(prepareApp(example.model, h.store(), { policy }));
        callers = await seedExample(h);
      }, 120_000);
      const roles = ['anyone', 'signed-in', ...example.model.roles.map((r) => r.name)];
      for (const role of roles) {
        it(`answers as the operations do for ${role}`, async () => {
          const actor: Actor | null = callers.byRole.get(role)!;
          const ctx: OperationContext = { actor, now: new Date(), policy: api.policy };
          for (const target of api.entities.values()) {
            const answers = localAnswers(api, target, ctx);
            if (!answers) continue;
            inPlace += 1;
            let general;
            try {
              general = await target.operations.listRecords(ctx, { limit: 1000 });
            } catch {
              continue; // nothing to list for this caller: the list refuses in both ways alike
            }
            const stored = await target.operations.listStoredRecords(ctx, { limit: 1000 });
            // Every stored record, readable or not: canRead must say which getRecord answers.
            const all = await storeList(h.store().db, target.table, { limit: 1000 });
            for (const record of all.records) {
              const readable = await target.operations.getRecord(ctx, record.id as string).then(
                () => true,
                () => false,
              );
              expect(answers.canRead(record), `${target.entity.name} ${record.id}`).toBe(readable);
              decided += 1;
              // As if this request had just written it: answered in place exactly when readable.
              const inPlaceAnswer = writtenInPlace(api, target, ctx, record);
              expect(inPlaceAnswer !== undefined).toBe(readable);
              if (!inPlaceAnswer) continue;
              const shown = await target.operations.showWritten(ctx, record);
              const byOperations = await withActionsOf(target, ctx, shown);
              expect(JSON.stringify(inPlaceAnswer)).toBe(JSON.stringify(byOperations));
              written += 1;
            }
            const expected = await withActions(target, ctx, general.records);
            expect(await answers.answerPage(stored.records)).toEqual(expected);
            for (const record of stored.records) {
              expect(answers.canRead(record)).toBe(true);
              const one = await target.operations.getRecord(ctx, record.id as string);
              const [answered] = await withActions(target, ctx, [one]);
              expect(await answers.answerPage([record])).toEqual([answered]);
              compared += 1;
            }
          }
        }, 120_000);
      }
    });
  }
  it('compared answers on every example', () => {
    console.log(
      `answers in place: ${inPlace} entity plans, ${compared} answers compared, ${decided} reads decided, ${written} written answers compared`,
    );
    expect(written).toBeGreaterThan(50);
    expect(inPlace).toBeGreaterThan(EXAMPLES.length);
    expect(compared).toBeGreaterThan(50);
    expect(decided).toBeGreaterThan(compared);
  });
});
