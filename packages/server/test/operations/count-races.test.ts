import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  migrate,
  openStore,
  prepareOperations,
  type Actor,
  type EntityOperations,
  type Store,
} from '../../src/index.js';
import { compilePolicy } from '../../src/policy/index.js';
import type { Policy, AppError } from '../../src/index.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { EXAMPLE_MODELS } from './support/example-models.js';

const model = EXAMPLE_MODELS.helpdesk!;
// Helpdesk: a customer may have at most MAX_OPEN_TICKETS (5) tickets that are not closed.
const LIMIT = 5;
const RACERS = 20;

// Creates racing under a section 5 rule that counts: never more than the rule allows, and none
// refused for having raced another (on PostgreSQL they take turns), so the customer gets exactly
// their five tickets and every other answer is the rule's own refusal.
for (const dialect of DIALECTS) {
  describeDialect(dialect, 'creates racing under a count rule', (databases) => {
    let store: Store;
    let ops: Readonly<Record<string, EntityOperations>>;
    let policy: Policy;
    let customer: Actor;

    beforeAll(async () => {
      const options = await databases.fresh();
      // One connection per racer on PostgreSQL, so that they really run at the same time.
      store = openStore(
        'databaseUrl' in options ? { ...options, maxConnections: RACERS } : options,
      );
      await migrate(store, model);
      policy = compilePolicy(model, store);
      ops = prepareOperations(model, store);
      const email = 'racer@example.com';
      const made = await ops.User!.createRecord(
        { actor: null, now: new Date(), policy: allowAllPolicy(model) },
        { email, name: 'Racer', roles: ['customer'] },
      );
      customer = { id: made.id as string, email, name: 'Racer', roles: ['customer'], fields: {} };
    });
    afterAll(() => store?.close());

    it(`creates exactly ${LIMIT} of ${RACERS} racing tickets`, async () => {
      const settled = await Promise.allSettled(
        Array.from({ length: RACERS }, (_, i) =>
          ops.Ticket!.createRecord(
            { actor: customer, now: new Date(), policy },
            { title: `Ticket ${i}`, body: 'Please help.' },
          ),
        ),
      );
      const codes = settled.map((s) =>
        s.status === 'fulfilled' ? 'created' : (s.reason as AppError).code,
      );
      expect(codes.filter((c) => c === 'created')).toHaveLength(LIMIT);
      expect(codes.filter((c) => c !== 'created').every((c) => c === 'TOO_MANY_OPEN_TICKETS')).toBe(
        true,
      );
    });
  });
}
