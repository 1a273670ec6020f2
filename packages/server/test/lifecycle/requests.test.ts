import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness } from './support/lifecycle-harness.js';
import { reach } from './support/reach.js';
import { makeWorld } from './support/scenario.js';
import { SCENARIOS } from './support/scenarios.js';
import { helpdeskScenario } from './support/scenarios-shared.js';
import { stockroomScenario } from './support/scenarios-examples.js';

async function refused(work: Promise<unknown>, code: string, field?: string): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (field) expect((error as AppError).errors?.map((e) => e.field)).toContain(field);
  return error as AppError;
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'lifecycle requests', (databases) => {
    for (const scenario of SCENARIOS) {
      describe(`${scenario.name}: the state field`, () => {
        const h = useLifecycleHarness(databases, scenario.model, scenario.overrides);
        for (const lifecycle of scenario.model.lifecycles) {
          const entity = lifecycle.entity;
          it(`starts every ${entity} in ${lifecycle.initial} and lets no create or update set it`, async () => {
            const world = await makeWorld(h, scenario);
            const creator = world.actors[scenario.entities[entity]!.creator]!;
            const record = await h.make(entity, creator);
            expect(record[lifecycle.field]).toBe(lifecycle.initial);
            const other = lifecycle.states.find((s) => s !== lifecycle.initial)!;
            const body = { ...(await h.validBody(entity, creator)), [lifecycle.field]: other };
            await refused(h.ops(entity).createRecord(h.ctx(creator), body), 'BAD_REQUEST');
            const id = record.id as string;
            const change = { [lifecycle.field]: other };
            await refused(h.ops(entity).updateRecord(h.ctx(creator), id, change, 1), 'BAD_REQUEST');
            expect(await h.stored(entity, id)).toMatchObject({
              [lifecycle.field]: lifecycle.initial,
            });
          });
        }
      });
    }

    describe('helpdesk: what a transition request must be', () => {
      const h = useLifecycleHarness(databases, helpdeskScenario.model, helpdeskScenario.overrides);
      const tickets = () => h.lifecycle('Ticket');

      it('refuses a payload that is not an object, or names prototype keys', async () => {
        const world = await makeWorld(h, helpdeskScenario);
        const ticket = await reach(h, helpdeskScenario, world, 'Ticket', 'open');
        const agent = h.lctx(world.actors.agent!);
        const id = ticket.id as string;
        for (const body of [null, [], 'take', 3, true])
          await refused(tickets().transition(agent, id, 'take', body), 'BAD_REQUEST');
        const proto = JSON.parse('{"__proto__": {"assignee": "x"}}') as unknown;
        await refused(tickets().transition(agent, id, 'assign', proto), 'BAD_REQUEST');
        expect(await h.stored('Ticket', id)).toEqual(ticket);
        expect((await tickets().transition(agent, id, 'take', undefined)).status).toBe('assigned');
      });

      it('answers NOT_FOUND for an unknown action, record, or entity without a lifecycle', async () => {
        const world = await makeWorld(h, helpdeskScenario);
        const ticket = await reach(h, helpdeskScenario, world, 'Ticket', 'open');
        const agent = h.lctx(world.actors.agent!);
        await refused(tickets().transition(agent, ticket.id as string, 'explode', {}), 'NOT_FOUND');
        await refused(tickets().transition(agent, 'no-such-id', 'take', {}), 'NOT_FOUND');
        const product = await h.make('Product', world.actors.admin!);
        const products = h.lifecycle('Product');
        expect(products.actions).toEqual([]);
        await refused(products.transition(agent, product.id as string, 'take', {}), 'NOT_FOUND');
        // No transition: only the writes, which this suite's policy allows everyone.
        expect(await products.availableActions(agent, product)).toEqual(['update', 'delete']);
        expect(await products.history(agent, product.id as string)).toEqual({ items: [] });
        expect(tickets().actions).toEqual([
          'assign',
          'take',
          'resolve',
          'reopen',
          'close',
          'cancel',
        ]);
      });

      it('answers CONFLICT when the record is no longer at the version the caller saw', async () => {
        const world = await makeWorld(h, helpdeskScenario);
        const ticket = await reach(h, helpdeskScenario, world, 'Ticket', 'open');
        const id = ticket.id as string;
        await h.patch('Ticket', id, { title: 'A new title for it' });
        const agent = h.lctx(world.actors.agent!);
        await refused(tickets().transition(agent, id, 'take', {}, 1), 'CONFLICT');
        expect((await tickets().transition(agent, id, 'take', {}, 2)).version).toBe(3);
      });

      it('refuses an assignee who does not exist, or is not an id, naming the field', async () => {
        const world = await makeWorld(h, helpdeskScenario);
        const ticket = await reach(h, helpdeskScenario, world, 'Ticket', 'open');
        const id = ticket.id as string;
        const agent = h.lctx(world.actors.agent!);
        const missing = { assignee: '00000000-0000-7000-8000-000000000000' };
        const unknown = await refused(
          tickets().transition(agent, id, 'assign', missing),
          'VALIDATION_FAILED',
          'assignee',
        );
        expect(unknown.errors?.[0]?.message).toBe('Assignee must name an existing user.');
        const junk = await refused(
          tickets().transition(agent, id, 'assign', { assignee: 42 }),
          'VALIDATION_FAILED',
          'assignee',
        );
        expect(junk.errors?.[0]?.message).toBe('Assignee must name an existing user.');
        expect(await h.stored('Ticket', id)).toEqual(ticket);
        expect(await h.historyCount('Ticket', id)).toBe(0);
      });

      it('pages through a record`s history in order, for whoever may read the record', async () => {
        const world = await makeWorld(h, helpdeskScenario);
        const ticket = await reach(h, helpdeskScenario, world, 'Ticket', 'open');
        const id = ticket.id as string;
        const { agent, customer } = world.actors;
        const steps: [typeof agent, string][] = [
          [agent, 'take'],
          [agent, 'resolve'],
          [customer, 'reopen'],
          [agent, 'take'],
          [agent, 'resolve'],
          [customer, 'close'],
        ];
        // Each step at its own instant, as requests are: a context keeps the instant it was made at.
        for (const [actor, action] of steps)
          await tickets().transition(h.lctx(actor!), id, action, {});
        const customerCtx = h.lctx(customer!);
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await tickets().history(customerCtx, id, cursor, 4);
          expect(page.items.length).toBeLessThanOrEqual(4);
          seen.push(...page.items.map((e) => `${e.fromState}-${e.action}-${e.toState}`));
          cursor = page.nextCursor;
          pages++;
        } while (cursor);
        expect(pages).toBe(2);
        expect(seen).toEqual([
          'open-take-assigned',
          'assigned-resolve-resolved',
          'resolved-reopen-open',
          'open-take-assigned',
          'assigned-resolve-resolved',
          'resolved-close-closed',
        ]);
        await refused(tickets().history(customerCtx, id, 'not-a-cursor'), 'BAD_REQUEST');
        h.blind.add(world.actors.customer!.id);
        try {
          await refused(tickets().history(customerCtx, id), 'NOT_FOUND');
        } finally {
          h.blind.delete(world.actors.customer!.id);
        }
      });
    });

    describe('stockroom: what Sets write is checked', () => {
      const h = useLifecycleHarness(
        databases,
        stockroomScenario.model,
        stockroomScenario.overrides,
      );

      it('refuses a received quantity that is not a whole number, at the input sent', async () => {
        const world = await makeWorld(h, stockroomScenario);
        const order = await reach(h, stockroomScenario, world, 'PurchaseOrder', 'approved');
        const clerk = h.lctx(world.actors.clerk!);
        const id = order.id as string;
        const lc = h.lifecycle('PurchaseOrder');
        // The caller sent `quantity`, which Sets copies to receivedQuantity: the problem is there.
        const typed = await refused(
          lc.transition(clerk, id, 'receive', { quantity: 2.5 }),
          'VALIDATION_FAILED',
        );
        expect(typed.errors).toEqual([
          {
            field: 'quantity',
            code: 'VALIDATION_FAILED',
            message: 'Quantity must be a whole number.',
          },
        ]);
        expect(await h.stored('PurchaseOrder', id)).toEqual(order);
        const received = await lc.transition(clerk, id, 'receive', { quantity: 6 });
        expect(received).toMatchObject({ status: 'received', receivedQuantity: 6 });
      });
    });
  });
}
