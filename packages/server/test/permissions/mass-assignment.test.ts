import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { expectCode } from '../operations/support/expect-code.js';
import { helpdeskModel, labModel, LAB_ENTITIES, LAB_PERMISSIONS } from './support/lab-spec.js';
import { usePolicyHarness } from './support/policy-harness.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'writing only what section 6 allows', (databases) => {
    describe('helpdesk', () => {
      const { h, as, dump } = usePolicyHarness(databases, helpdeskModel());
      const tickets = () => h.ops('Ticket');

      it('refuses a customer setting internalNote or createdBy, naming them, saving nothing', async () => {
        const customer = await h.actor(['customer']);
        const other = await h.actor(['customer']);
        const body = { title: 'Printer on fire', body: 'Smoke since this morning.' };
        const before = await dump();
        await expectCode(
          tickets().createRecord(as(customer), { ...body, internalNote: 'VIP, be nice' }),
          'BAD_REQUEST',
          'internalNote',
        );
        await expectCode(
          tickets().createRecord(as(customer), { ...body, createdBy: other.id }),
          'BAD_REQUEST',
          'createdBy',
        );
        const both = await expectCode(
          tickets().createRecord(as(customer), { ...body, internalNote: 'x', createdBy: other.id }),
          'BAD_REQUEST',
        );
        expect(both.errors?.map((e) => e.field).sort()).toEqual(['createdBy', 'internalNote']);
        // Each field is told why in words: the role's limit, or a field the application sets.
        const said = Object.fromEntries(both.errors!.map((e) => [e.field, e.message]));
        expect(said).toEqual({
          internalNote: 'You may not set internal note here.',
          createdBy: 'Created by is set by the application, not by a request.',
        });
        expect(await dump()).toEqual(before);

        const made = await tickets().createRecord(as(customer), body);
        expect(made.customer).toBe(customer.id);
        expect(made.createdBy).toBe(customer.id);
        expect(made).not.toHaveProperty('internalNote');
        const id = made.id as string;
        await expectCode(
          tickets().updateRecord(as(customer), id, { internalNote: 'x' }, 1),
          'BAD_REQUEST',
          'internalNote',
        );
        // An agent may: the field is only hidden from customers.
        const agent = await h.actor(['agent']);
        const noted = await tickets().updateRecord(as(agent), id, { internalNote: 'VIP' }, 1);
        expect(noted.internalNote).toBe('VIP');
        const seen = await tickets().getRecord(as(customer), id);
        expect(seen).not.toHaveProperty('internalNote');
        expect(seen.version).toBe(2);
      });

      it('refuses a customer handing their ticket to someone else (read-only owner)', async () => {
        const customer = await h.actor(['customer']);
        const other = await h.actor(['customer']);
        const ticket = await h.make('Ticket', customer);
        const before = await dump();
        await expectCode(
          tickets().updateRecord(as(customer), ticket.id as string, { customer: other.id }, 1),
          'BAD_REQUEST',
          'customer',
        );
        expect(await dump()).toEqual(before);
        await expectCode(tickets().getRecord(as(other), ticket.id as string), 'NOT_FOUND');
      });
    });

    describe('a lab where owners may change the owner field', () => {
      // Customers may read each other's names: a reference must name a record its sender may read.
      const readNames = '| customer | User | read | yes | name |\n';
      const { h, as, dump, policy } = usePolicyHarness(
        databases,
        labModel(LAB_ENTITIES, LAB_PERMISSIONS + readNames),
      );
      const tickets = () => h.ops('Ticket');

      it('refuses re-owning by update: the record as it would be saved must stay in reach', async () => {
        const customer = await h.actor(['customer']);
        const other = await h.actor(['customer']);
        const mine = await tickets().createRecord(as(customer), { title: 'Mine' });
        const id = mine.id as string;
        const before = await dump();
        await expectCode(
          tickets().updateRecord(as(customer), id, { customer: other.id }, 1),
          'FORBIDDEN',
        );
        expect(await dump()).toEqual(before);
        await expectCode(tickets().getRecord(as(other), id), 'NOT_FOUND');
        expect((await tickets().getRecord(as(customer), id)).customer).toBe(customer.id);
        // Within reach, the same fields may change.
        const same = await tickets().updateRecord(as(customer), id, { customer: customer.id }, 1);
        expect(same.version).toBe(2);
        const renamed = await tickets().updateRecord(as(customer), id, { title: 'Still mine' }, 2);
        expect(renamed.title).toBe('Still mine');
        // Nobody signed in is asked to sign in, and nothing is saved.
        await expectCode(tickets().updateRecord(as(null), id, { title: 'Nope' }, 3), 'NOT_FOUND');
        expect(policy().writableFields(null, 'Ticket', 'update').size).toBe(0);
      });

      it('answers only the id of a record made for someone else, which the maker cannot read', async () => {
        const customer = await h.actor(['customer']);
        const other = await h.actor(['customer']);
        const made = await tickets().createRecord(as(customer), {
          title: 'For you',
          customer: other.id,
        });
        expect(Object.keys(made)).toEqual(['id']);
        await expectCode(tickets().getRecord(as(customer), made.id as string), 'NOT_FOUND');
        expect((await tickets().getRecord(as(other), made.id as string)).title).toBe('For you');
      });

      it('lets a field given by a conditional row change only where that row holds', async () => {
        const both = await h.actor(['customer', 'auditor']);
        const product = await h.make('Product', both);
        const plain = (await tickets().createRecord(as(both), { title: 'No product' })).id;
        const withProduct = (
          await tickets().createRecord(as(both), { title: 'Product', product: product.id })
        ).id;
        expect([...policy().writableFields(both, 'Ticket', 'update')].sort()).toEqual([
          'customer',
          'secret',
          'title',
        ]);
        const before = await dump();
        await expectCode(
          tickets().updateRecord(as(both), plain as string, { secret: 's' }, 1),
          'FORBIDDEN',
        );
        expect(await dump()).toEqual(before);
        const titled = await tickets().updateRecord(as(both), plain as string, { title: 'T' }, 1);
        expect(titled.title).toBe('T');
        const told = await tickets().updateRecord(
          as(both),
          withProduct as string,
          { secret: 's' },
          1,
        );
        expect(told.secret).toBe('s');
      });

      it('decides a create field by field when told what was sent', async () => {
        const both = await h.actor(['customer', 'auditor']);
        const product = await h.make('Product', both);
        const db = h.store().db;
        const record = { id: null, title: 'T', customer: both.id, product: null, secret: 's' };
        const sent = ['title', 'secret'];
        expect(await policy().canCreate(both, 'Ticket', record, db, sent)).toBe(false);
        const withProduct = { ...record, product: product.id };
        expect(await policy().canCreate(both, 'Ticket', withProduct, db, sent)).toBe(true);
        expect(await policy().canCreate(both, 'Ticket', record, db, ['title'])).toBe(true);
        const auditor = await h.actor(['auditor']);
        expect(await policy().canCreate(auditor, 'Ticket', record, db, ['secret'])).toBe(false);
        expect(await policy().canCreate(auditor, 'Ticket', withProduct, db, ['secret'])).toBe(true);
      });
    });
  });
}
