import type { AppModel } from '@specrun/model';
import { createServer, migrate, openStore, type StoreOptions } from '../../../src/index.js';
import { TEST_COST } from '../../accounts/support/accounts-app.js';
import { callEveryCall } from './call-every-call.js';
import { seedRecords } from './seed-records.js';

/**
 * Does what `specrun start` does with a model that checked clean — migrates a fresh database and
 * builds the server — then makes every call it serves. Answers what went wrong: a start that
 * throws, a crash while seeding, and each 5xx answer. Empty when the application ran.
 */
export async function serveGenerated(
  model: AppModel,
  options: StoreOptions,
  tally?: Map<string, number>,
  filters: readonly { entity: string; filter: string }[] = [],
): Promise<string[]> {
  const store = openStore(options);
  const logged: string[] = [];
  try {
    const result = await migrate(store, model);
    if (result.status !== 'applied') return [`migration: ${result.status}`];
    const app = await createServer({
      model,
      store,
      passwordCost: TEST_COST,
      // What the error handler logs of a 5xx, to show beside the answer.
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
    try {
      await app.ready();
      const seeded = await seedRecords(model, store);
      return [
        ...seeded.crashes,
        ...(await callEveryCall(app, model, seeded, logged, tally, filters)),
      ];
    } finally {
      await app.close();
    }
  } catch (error) {
    return [
      `start threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    ];
  } finally {
    await store.close();
  }
}
