import { prepareApp } from '../../src/index.js';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Policy } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { EXAMPLES } from '../operations/support/examples.js';
import { useHarness } from '../operations/support/harness.js';
import { newTally, RoleMatrix } from './support/matrix.js';
import { seedExample, type Callers } from './support/seed.js';

// Every role of every example, through the operations with the real policy, against an oracle
// that reads section 6 alone: reads (list and get, field by field), updates field by field,
// creates field by field, deletes, and the lifecycle actions.
for (const dialect of DIALECTS) {
  describeDialect(dialect, 'permission matrix', (databases) => {
    const tally = newTally();
    afterAll(() => {
      if (tally.cells === 0) return;
      console.log(
        `permission matrix on ${dialect}: ${tally.cells} cells checked ` +
          `(${tally.refused} refused with the database unchanged, ${tally.succeeded} allowed and ` +
          `done, ${tally.ruled} allowed then refused by sections 3 and 5)`,
      );
    });
    for (const example of EXAMPLES) {
      describe(example.name, () => {
        const h = useHarness(databases, example.model, example.overrides);
        let policy: Policy;
        let callers: Callers;
        beforeAll(async () => {
          policy = prepareApp(example.model, h.store()).policy;
          callers = await seedExample(h);
        }, 120_000);
        const roles = ['anyone', 'signed-in', ...example.model.roles.map((r) => r.name)];
        for (const role of roles) {
          it(`answers as section 6 says for ${role}`, async () => {
            const maker = callers.owners[callers.owners.length - 2]!;
            const actor = callers.byRole.get(role)!;
            const run = new RoleMatrix(h, example.overrides, policy, role, actor, maker, tally);
            await run.run();
          }, 300_000);
        }
      });
    }
  });
}
