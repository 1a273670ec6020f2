import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { DIALECTS, useDatabases } from './support/dialects.js';
import { MODELS } from './support/example-models.js';
import { compileToSql, evaluate, type ExprScope } from './support/expr.js';
import { datasetOf, NOW } from './support/generate-rows.js';
import { loadDataset } from './support/load-dataset.js';
import { OracleData } from './support/oracle.js';
import { createTables, type TestDatabase } from './support/test-databases.js';

const model = MODELS.helpdesk;
const scope: ExprScope = { entity: 'Ticket', hasOld: true, hasInput: true };

// Guards whose counting parts read the payload, so they run in SQL with it bound as parameters.
const GUARDS = [
  'count(User, u, u.id == input.x) == 1',
  'count(Ticket, t, t.assignee == input.x) > 0',
  'count(Ticket, t, t.customer != input.x && t.status != "closed") < 3',
  'count(Ticket, t, input.x == t.priority) >= 1',
  'count(Ticket, t, t.title == input.x || t.version == input.x) > 0',
  'count(Ticket, t, t.internalNote == input.x) == 0',
  'count(Ticket, t, t.product.active == input.x) > 0',
  'input.x == null || count(Ticket, t, t.id == input.x) == 0',
  'record.customer == input.x && count(Ticket, t, t.customer == input.x) <= 2',
];

const ABSENT = Symbol('absent');
// What a caller may send as `x`: ids that exist and do not, text, numbers, true/false, null,
// an object with an id, a list, or nothing.
const sent = fc.oneof(
  fc.constant(ABSENT),
  fc.constant(null),
  fc.constantFrom('users-1', 'users-3', 'users-9', 'tickets-2', 'Taxi', 'x', 'low', 'high', ''),
  fc.constantFrom('users-1', 'users-2').map((id) => ({ id })),
  fc.integer({ min: -1, max: 3 }),
  fc.constantFrom(1.5, 2.0),
  fc.boolean(),
  fc.constant(['users-1']),
);

describe.each(DIALECTS)('guards counting with the input bound as parameters on %s', (dialect) => {
  const open = useDatabases(dialect);
  let target: TestDatabase;
  beforeAll(async () => {
    target = await open('input_guards');
    await createTables(target, model);
  });

  it('answers as evaluate() does, whatever the caller sends', async () => {
    const mapping = modelSqlMapping(model, dialect);
    const guards = GUARDS.map((source) => {
      const compiled = compileToSql(source, model, scope, mapping, { record: 'params' });
      if (!compiled.ok) throw new Error(`${source}: ${compiled.issues[0]?.message}`);
      return { source, sql: compiled.sql };
    });
    await fc.assert(
      fc.asyncProperty(
        datasetOf(model),
        fc.array(sent, { minLength: 3, maxLength: 3 }),
        async (data, xs) => {
          await loadDataset(target, model, data);
          const oracle = new OracleData(model, data);
          const user = oracle.user();
          const count = (e: string, predicate: (r: unknown) => boolean) =>
            oracle.records(e).filter(predicate).length;
          const records = oracle.records('Ticket').slice(0, 2);
          for (const guard of guards) {
            for (const [k, record] of records.entries()) {
              const x = xs[k % xs.length];
              const input = x === ABSENT ? {} : { x };
              const condition = guard.sql({ user, now: NOW, record, old: record, input });
              const query = sql<{
                ok: unknown;
              }>`SELECT CASE WHEN ${condition} THEN 1 ELSE 0 END AS ok`;
              const { rows } = await query.execute(target.db);
              let want = false;
              try {
                const bindings = { record, old: record, user, input, now: NOW, count };
                want = evaluate(guard.source, model, bindings, scope) === true;
              } catch {
                want = false;
              }
              const got = Number(rows[0]!.ok) === 1;
              expect({ guard: guard.source, input, got }).toEqual({
                guard: guard.source,
                input,
                got: want,
              });
            }
          }
        },
      ),
      { numRuns: 30, seed: 20240620 },
    );
  }, 120_000);
});
