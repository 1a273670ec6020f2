import type { Actor, ListPage, WireRecord } from '../../src/index.js';
import { countRecords, deriveTables, resolveTables } from '../../src/index.js';
import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { expectCode } from '../operations/support/expect-code.js';
import { helpdeskModel, labModel, LAB_ENTITIES, LAB_PERMISSIONS } from './support/lab-spec.js';
import { usePolicyHarness, type PolicyHarness } from './support/policy-harness.js';

const keys = (r: WireRecord) => Object.keys(r).sort();

/** Every page of a list, following the cursors; the pages too, to check how they split. */
async function allPages(
  list: (cursor?: string) => Promise<ListPage>,
): Promise<{ records: WireRecord[]; pages: number }> {
  const records: WireRecord[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await list(cursor);
    records.push(...page.records);
    pages++;
    cursor = page.nextCursor;
  } while (cursor);
  return { records, pages };
}

/** How many records the policy's list condition keeps, counted in the database. */
async function counted(p: PolicyHarness, actor: Actor | null, entity: string): Promise<number> {
  const condition = p.policy().listCondition(actor, entity);
  if (condition.kind === 'deny') return -1;
  const store = p.h.store();
  const table = resolveTables(store.db, store.dialect, deriveTables(p.h.model)).get(entity)!;
  return countRecords(
    store.db,
    table,
    condition.kind === 'where' ? { where: condition.where } : {},
  );
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'reading what section 6 allows', (databases) => {
    describe('helpdesk', () => {
      const p = usePolicyHarness(databases, helpdeskModel());
      const { h, as } = p;
      const tickets = () => h.ops('Ticket');

      it('pages a customer through their own tickets only, with the counts to match', async () => {
        const alice = await h.actor(['customer']);
        const bob = await h.actor(['customer']);
        const agent = await h.actor(['agent']);
        const mine: WireRecord[] = [];
        // Five open tickets is the limit: close them as they are made.
        for (let i = 0; i < 7; i++) {
          const t = await h.make('Ticket', alice, { title: `Alice ${(i * 3) % 7}` });
          if (i < 5) await h.setState('Ticket', t.id, 'closed');
          mine.push(t);
        }
        for (let i = 0; i < 4; i++) await h.make('Ticket', bob, { title: `Bob ${i}` });

        const sort = [{ field: 'title' }];
        const { records, pages } = await allPages((cursor) =>
          tickets().listRecords(as(alice), { sort, limit: 3, ...(cursor ? { cursor } : {}) }),
        );
        expect(pages).toBe(3);
        expect(records.map((r) => r.title)).toEqual([...mine.map((r) => r.title as string)].sort());
        expect(new Set(records.map((r) => r.id)).size).toBe(7);
        for (const r of records) expect(r.customer).toBe(alice.id);
        expect(await counted(p, alice, 'Ticket')).toBe(7);
        expect(await counted(p, bob, 'Ticket')).toBe(4);
        expect(await counted(p, agent, 'Ticket')).toBe(11);

        // An equality filter and the default order combine with the condition.
        const closed = await allPages((cursor) =>
          tickets().listRecords(as(alice), {
            equals: { status: 'closed' },
            limit: 2,
            ...(cursor ? { cursor } : {}),
          }),
        );
        expect(closed.pages).toBe(3);
        expect(closed.records.map((r) => r.id).sort()).toEqual(
          mine
            .slice(0, 5)
            .map((r) => r.id)
            .sort(),
        );
        const byAgent = await allPages((cursor) =>
          tickets().listRecords(as(agent), { limit: 4, ...(cursor ? { cursor } : {}) }),
        );
        expect(byAgent.records).toHaveLength(11);
        // Nobody signed in may not list tickets at all.
        await expectCode(tickets().listRecords(as(null)), 'UNAUTHENTICATED');
      });

      it('refuses a hidden field as a filter or a sort, as if it did not exist', async () => {
        const customer = await h.actor(['customer']);
        const agent = await h.actor(['agent']);
        const ticket = await h.make('Ticket', customer);
        await tickets().updateRecord(as(agent), ticket.id as string, { internalNote: 'zz VIP' }, 1);
        await expectCode(
          tickets().listRecords(as(customer), { equals: { internalNote: 'zz VIP' } }),
          'BAD_REQUEST',
        );
        await expectCode(
          tickets().listRecords(as(customer), { sort: [{ field: 'internalNote' }] }),
          'BAD_REQUEST',
        );
        const found = await tickets().listRecords(as(agent), {
          equals: { internalNote: 'zz VIP' },
        });
        expect(found.records.map((r) => r.id)).toEqual([ticket.id]);
        const sorted = await tickets().listRecords(as(agent), {
          sort: [{ field: 'internalNote', direction: 'desc' }],
          limit: 1,
        });
        expect(sorted.records[0]!.internalNote).toBe('zz VIP');
      });
    });

    describe('a lab where several rows give different fields', () => {
      const p = usePolicyHarness(databases, labModel(LAB_ENTITIES, LAB_PERMISSIONS));
      const { h, as } = p;
      const tickets = () => h.ops('Ticket');

      it('shows each record the fields of the rows that allow reading it', async () => {
        const carol = await h.actor(['customer']);
        const dave = await h.actor(['customer']);
        const active = await h.make('Product', carol, { name: 'Kettle' });
        const retired = await h.make('Product', carol, { name: 'Toaster', active: false });
        const make = (owner: Actor, title: string, product?: unknown) =>
          tickets().createRecord(as(owner), { title, ...(product ? { product } : {}) });
        const c1 = await make(carol, 'c1', active.id);
        const c2 = await make(carol, 'c2');
        const d1 = await make(dave, 'd1', active.id);
        const d2 = await make(dave, 'd2', retired.id);
        const d3 = await make(dave, 'd3');
        const own = ['createdAt', 'createdBy', 'customer', 'id', 'product', 'secret', 'title']
          .concat(['updatedAt', 'version'])
          .sort();

        const listed = await allPages((cursor) =>
          tickets().listRecords(as(carol), { limit: 2, ...(cursor ? { cursor } : {}) }),
        );
        const byTitle = new Map(listed.records.map((r) => [r.title, r]));
        expect([...byTitle.keys()].sort()).toEqual(['c1', 'c2', 'd1']);
        expect(keys(byTitle.get('c1')!)).toEqual(own);
        expect(keys(byTitle.get('c2')!)).toEqual(own);
        // A row that shows only the title still gives the version, for the ETag of a later write.
        expect(keys(byTitle.get('d1')!)).toEqual(['id', 'title', 'version']);
        expect(keys(await tickets().getRecord(as(carol), d1.id as string))).toEqual([
          'id',
          'title',
          'version',
        ]);
        expect(keys(await tickets().getRecord(as(carol), c2.id as string))).toEqual(own);
        // A retired product, or none to follow (a condition that cannot be evaluated), hides it.
        await expectCode(tickets().getRecord(as(carol), d2.id as string), 'NOT_FOUND');
        await expectCode(tickets().getRecord(as(carol), d3.id as string), 'NOT_FOUND');
        expect(await counted(p, carol, 'Ticket')).toBe(3);

        // Sorts take only what every listed record shows; a filter by a field some of them hide
        // keeps to those that show it, and one by a field none shows is refused.
        expect([...p.policy().readableFields(carol, 'Ticket')].sort()).toEqual([
          'id',
          'title',
          'version',
        ]);
        const unsecret = await tickets().listRecords(as(carol), { equals: { secret: null } });
        expect(unsecret.records.map((r) => r.title).sort()).toEqual(['c1', 'c2']);
        await expectCode(
          tickets().listRecords(as(carol), { equals: { internalNote: null } }),
          'BAD_REQUEST',
        );
        await expectCode(
          tickets().listRecords(as(carol), { sort: [{ field: 'secret' }] }),
          'BAD_REQUEST',
        );
        const titled = await tickets().listRecords(as(carol), { equals: { title: 'c1' } });
        expect(titled.records.map((r) => r.id)).toEqual([c1.id]);

        const anonymous = await tickets().listRecords(as(null), { sort: [{ field: 'title' }] });
        expect(anonymous.records.map((r) => [r.title, keys(r)])).toEqual([
          ['c1', ['id', 'title', 'version']],
          ['d1', ['id', 'title', 'version']],
        ]);
        await expectCode(tickets().getRecord(as(null), c2.id as string), 'NOT_FOUND');
      });

      it('lets every user read their own account, and only that, without a row for it', async () => {
        const carol = await h.actor(['customer']);
        const dave = await h.actor(['customer']);
        const admin = await h.actor(['admin']);
        const users = () => h.ops('User');
        const listed = await users().listRecords(as(carol), { limit: 100 });
        expect(listed.records).toEqual([
          { id: carol.id, version: 1, email: carol.email, name: carol.name, roles: ['customer'] },
        ]);
        await expectCode(users().getRecord(as(carol), dave.id), 'NOT_FOUND');
        await expectCode(users().listRecords(as(null)), 'UNAUTHENTICATED');
        const all = await users().listRecords(as(admin), { limit: 100 });
        expect(all.records.map((r) => r.id)).toEqual(expect.arrayContaining([carol.id, dave.id]));
        expect(keys(all.records[0]!)).toContain('createdAt');
      });

      it('plans once per set of roles, whatever their order', () => {
        const policy = p.policy();
        const a = {
          id: 'a',
          email: 'a@x.io',
          name: 'A',
          roles: ['auditor', 'customer'],
          fields: {},
        };
        const b = { ...a, id: 'b', roles: ['customer', 'auditor', 'customer', 'nope'] };
        expect(policy.writableFields(a, 'Ticket', 'create')).toBe(
          policy.writableFields(b, 'Ticket', 'create'),
        );
        expect(policy.readableFields(a, 'Ticket')).toBe(policy.readableFields(b, 'Ticket'));
      });
    });
  });
}
