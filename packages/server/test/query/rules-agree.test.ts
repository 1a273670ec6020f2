import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { DIALECTS, useDatabases } from './support/dialects.js';
import { MODELS } from './support/example-models.js';
import { compileToSql } from './support/expr.js';
import { datasetOf, NOW } from './support/generate-rows.js';
import { loadDataset } from './support/load-dataset.js';
import { OracleData } from './support/oracle.js';
import { createTables, type TestDatabase } from './support/test-databases.js';

const SUITES = [
  { name: 'helpdesk', model: MODELS.helpdesk },
  { name: 'expenses', model: MODELS.expenses },
];

describe.each(DIALECTS)('validation rules with the record as parameters on %s', (dialect) => {
  const open = useDatabases(dialect);

  describe.each(SUITES)('$name', ({ name, model }) => {
    let target: TestDatabase;
    beforeAll(async () => {
      target = await open(`rules_${name}`);
      await createTables(target, model);
    });

    it('answers as evaluate() does for every record, count() included', async () => {
      const mapping = modelSqlMapping(model, dialect);
      const rules = model.rules.map((r) => {
        const compiled = compileToSql(r.rule.source, model, { entity: r.entity }, mapping, {
          record: 'params',
        });
        if (!compiled.ok) throw new Error(`${r.rule.source}: ${compiled.issues[0]?.message}`);
        return { entity: r.entity, source: r.rule.source, sql: compiled.sql };
      });
      await fc.assert(
        fc.asyncProperty(datasetOf(model), async (data) => {
          await loadDataset(target, model, data);
          const oracle = new OracleData(model, data);
          const user = oracle.user();
          for (const rule of rules) {
            for (const record of oracle.records(rule.entity)) {
              const condition = rule.sql({ user, now: NOW, record });
              const query = sql<{
                ok: number | bigint | boolean;
              }>`SELECT CASE WHEN ${condition} THEN 1 ELSE 0 END AS ok`;
              const { rows } = await query.execute(target.db);
              const got = Number(rows[0]!.ok) === 1;
              const want = oracle.matches(rule.source, rule.entity, record);
              expect({ rule: rule.source, id: record.id, got }).toEqual({
                rule: rule.source,
                id: record.id,
                got: want,
              });
            }
          }
        }),
        { numRuns: 25, seed: 20240511 },
      );
    }, 120_000);
  });
});
