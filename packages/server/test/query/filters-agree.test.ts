import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { conditionSites, MODELS } from './support/example-models.js';
import { datasetOf, NOW } from './support/generate-rows.js';
import { LAB_CONDITIONS } from './support/lab-conditions.js';
import { loadDataset } from './support/load-dataset.js';
import { OracleData } from './support/oracle.js';
import { selectIds } from './support/run-filter.js';
import { DIALECTS, useDatabases } from './support/dialects.js';
import { createTables, type TestDatabase } from './support/test-databases.js';

const compilable = (source: string) => !source.includes('input.');

const SUITES = [
  { name: 'helpdesk', model: MODELS.helpdesk, sites: conditionSites(MODELS.helpdesk) },
  { name: 'expenses', model: MODELS.expenses, sites: conditionSites(MODELS.expenses) },
  {
    name: 'lab',
    model: MODELS.lab,
    sites: LAB_CONDITIONS.map((source) => ({ entity: 'Item', source })),
  },
];

describe.each(DIALECTS)('compiled conditions on %s', (dialect) => {
  const open = useDatabases(dialect);

  describe.each(SUITES)('$name', ({ name, model, sites }) => {
    let target: TestDatabase;
    const database = () => target;
    beforeAll(async () => {
      target = await open(`filters_${name}`);
      await createTables(target, model);
    });

    it('keeps exactly the rows evaluate() accepts, on random data', async () => {
      const checked = sites.filter((s) => compilable(s.source));
      const kept = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(datasetOf(model), async (data) => {
          await loadDataset(database(), model, data);
          const oracle = new OracleData(model, data);
          const params = { user: oracle.user(), now: NOW };
          for (const { entity, source } of checked) {
            const got = await selectIds(database(), model, entity, source, params);
            expect({ source, ids: got }).toEqual({
              source,
              ids: oracle.matchingIds(source, entity),
            });
            kept.set(source, (kept.get(source) ?? 0) + got.length);
          }
        }),
        { numRuns: name === 'lab' ? 60 : 40, seed: 20240510 },
      );
      // A condition that never keeps a row would agree vacuously.
      const never = checked.filter((s) => !kept.get(s.source)).map((s) => s.source);
      expect(never).toEqual([]);
    }, 120_000);
  });
});
