import { prepareApp } from '../../src/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  migrate,
  openStore,
  prepareOperations,
  type Actor,
  type EntityOperations,
  type Store,
} from '../../src/index.js';
import { countPins } from '../../src/rules/count-pins.js';
import { countedEntities } from '../../src/rules/counted-entities.js';
import { countingTransaction } from '../../src/rules/counting-transaction.js';
import { turnKeys } from '../../src/rules/turn-keys.js';
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
      policy = prepareApp(model, store).policy;
      ops = prepareOperations(prepareApp(model, store));
      customer = await signedUp('racer@example.com');
    });

    async function signedUp(email: string): Promise<Actor> {
      const made = await ops.User!.createRecord(
        { actor: null, now: new Date(), policy: allowAllPolicy(model) },
        { email, name: email, roles: ['customer'] },
      );
      return { id: made.id as string, email, name: email, roles: ['customer'], fields: {} };
    }
    const open = (actor: Actor) =>
      ops.Ticket!.createRecord(
        { actor, now: new Date(), policy },
        { title: 'Help', body: 'Please help.' },
      );
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

    // The turn is the customer's, not the table's: on PostgreSQL, while one customer's count is
    // being decided, another customer's ticket is created without waiting for it.
    it.runIf(dialect === 'postgres')(
      "makes a customer's create wait for that customer's turn only",
      async () => {
        const [waiting, passing] = [
          await signedUp('w@example.com'),
          await signedUp('p@example.com'),
        ];
        const rule = model.rules.find((r) => r.entity === 'Ticket')!.rule.source;
        const keys = turnKeys(countedEntities(model), {
          entity: 'Ticket',
          pins: countPins(rule, model, { entity: 'Ticket' }),
          values: { user: { id: waiting.id } },
          rows: [],
        });
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        let holding = () => {};
        const held = new Promise<void>((resolve) => (holding = resolve));
        const turn = countingTransaction(store, async (_trx, takeTurn) => {
          await takeTurn(() => keys);
          holding();
          await released;
        });
        await held;
        await expect(open(passing)).resolves.toMatchObject({ customer: passing.id });
        const blocked = open(waiting);
        const later = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300));
        expect(await Promise.race([blocked, later])).toBe('still waiting');
        release();
        await turn;
        await expect(blocked).resolves.toMatchObject({ customer: waiting.id });
      },
    );
  });
}
