import { ExactNumber } from '@specrun/model';
import { expect, it } from 'vitest';
import { AppError } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness } from './support/lifecycle-harness.js';
import { reach } from './support/reach.js';
import { makeWorld } from './support/scenario.js';
import { stockroomScenario } from './support/scenarios-examples.js';

// A number the body parser kept exact (one a double would round) reaching a transition's input:
// refused as a value of the wrong type, never rounded to one the guard accepts, never a crash.
for (const dialect of DIALECTS) {
  describeDialect(dialect, 'exact numbers in transition inputs', (databases) => {
    const h = useLifecycleHarness(databases, stockroomScenario.model, stockroomScenario.overrides);

    it('refuses a quantity a double would round instead of taking 1', async () => {
      const world = await makeWorld(h, stockroomScenario);
      const order = await reach(h, stockroomScenario, world, 'PurchaseOrder', 'approved');
      const clerk = h.lctx(world.actors.clerk!);
      const id = order.id as string;
      const lc = h.lifecycle('PurchaseOrder');
      const quantity = new ExactNumber('1.00000000000000001');
      const error = await lc.transition(clerk, id, 'receive', { quantity }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      // The guard reads a value that is not a number: it does not hold.
      expect((error as AppError).code).toBe('RECEIVED_TOO_MANY');
      expect(await h.stored('PurchaseOrder', id)).toEqual(order);
    });
  });
}
