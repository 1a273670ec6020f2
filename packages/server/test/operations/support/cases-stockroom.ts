import { times, type ExampleCases } from './example-cases.js';
import type { Harness } from './harness.js';
import type { Actor } from '../../../src/index.js';
import { nextNumber } from './sample-values.js';

async function orderable(h: Harness, actor: Actor, product: Record<string, unknown> = {}) {
  const supplier = await h.make('Supplier', actor);
  const p = await h.make('Product', actor, { supplier: supplier.id, ...product });
  return { supplier: supplier.id, product: p.id };
}

/** The stockroom: suppliers match, order ceiling, open orders per product, active products. */
export const stockroomCases: ExampleCases = {
  overrides: {
    Product: () => ({ sku: `ABC-${String(nextNumber() % 1e4).padStart(4, '0')}` }),
    PurchaseOrder: (h, actor) => orderable(h, actor),
  },
  rules: [
    {
      code: 'WRONG_SUPPLIER',
      async run(h) {
        const actor = await h.actor();
        const other = await h.make('Supplier', actor);
        return h.make('PurchaseOrder', actor, { supplier: other.id });
      },
    },
    {
      code: 'ORDER_TOO_LARGE',
      run: async (h) =>
        h.make('PurchaseOrder', await h.actor(), { unitCost: '3000.00', quantity: 10 }),
    },
    {
      code: 'TOO_MANY_OPEN_ORDERS',
      async run(h) {
        const actor = await h.actor();
        const target = await orderable(h, actor);
        await times(2, () => h.make('PurchaseOrder', actor, target));
        return h.make('PurchaseOrder', actor, target);
      },
    },
    {
      code: 'PRODUCT_INACTIVE',
      async run(h) {
        const actor = await h.actor();
        return h.make('PurchaseOrder', actor, await orderable(h, actor, { active: false }));
      },
    },
    {
      code: 'REACTIVATION_NEEDS_MANAGER',
      async run(h) {
        const clerk = await h.actor(['clerk']);
        const product = await h.make('Product', clerk, { active: false });
        const ops = h.ops('Product');
        return ops.updateRecord(h.ctx(clerk), product.id as string, { active: true }, 1);
      },
    },
  ],
};
