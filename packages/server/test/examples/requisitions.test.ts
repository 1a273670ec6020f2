import { beforeAll, describe, expect, it } from 'vitest';
import { describeDialect } from '../support/dialects.js';
import { exampleModel, ok, refused, serveExample, type Person } from './support/served-example.js';

// examples/requisitions.spec.md as Northwind's staff meet it: an approval chain over HTTP, every
// rule, guard and permission row tried both ways, with real sessions and section 6's policy.
const model = exampleModel('requisitions');
const DAY = 24 * 60 * 60_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

type Body = Record<string, unknown>;

describeDialect('sqlite', 'the requisitions example over HTTP', (databases) => {
  const app = serveExample(databases, model);
  const p: Record<string, Person> = {};
  let approved: Body;
  let unapproved: Body;

  const post = (url: string, as: Person | undefined, body: unknown = {}) =>
    app.send(url, { method: 'POST', as, body });
  const patch = (url: string, as: Person | undefined, body: unknown) =>
    app.send(url, { method: 'PATCH', as, body });
  /** Sets an account's fields, as the administrator does. */
  const person = async (as: Person, fields: Body) =>
    ok(await patch(`/api/people/${as.id}`, p.admin, { person: fields }));

  beforeAll(async () => {
    for (const [who, roles] of Object.entries({
      admin: ['admin'],
      manager: ['manager'],
      manager2: ['manager'],
      finance: ['finance'],
      junior: ['finance'],
      buyer: ['buyer'],
    }))
      p[who] = await app.person(roles, who);
    await person(p.finance!, { approvalLimit: '20000.00' });
    await person(p.junior!, { approvalLimit: '2000.00' });
    const supplier = async (name: string) =>
      ok(await post('/api/suppliers', p.buyer, { name, email: `sales@${name}.test` }), 201);
    approved = await supplier('acme');
    unapproved = await supplier('globex');
    ok(await patch(`/api/suppliers/${String(approved.id)}`, p.finance, { approved: true }));
  }, 60_000);

  /** A requester whose line manager is `manager`. */
  const requester = async (manager = p.manager!) => {
    const who = await app.person(['requester']);
    await person(who, { manager: manager.id });
    return who;
  };
  const draft = async (by: Person, fields: Body = {}) => {
    const requisition = {
      title: 'Drawing tablets',
      supplier: approved.id,
      amount: '400.00',
      justification: 'The two designers joining in May need tablets to work.',
      ...fields,
    };
    const made = ok(await post('/api/requisitions', by, { requisition }), 201);
    return made.requisition as Body;
  };
  const act = async (r: Body, action: string, as: Person | undefined, body: unknown = {}) =>
    post(`/api/requisitions/${String(r.id)}/${action}`, as, body);
  const moved = async (r: Body, action: string, as: Person, body: unknown = {}) =>
    ok(await act(r, action, as, body)).requisition as Body;
  const submitted = async (fields: Body = {}) => {
    const by = await requester();
    const r = await draft(by, fields);
    await moved(r, 'submit', by);
    return { r, by };
  };

  describe('people and suppliers', () => {
    it('lets the admin set managers and limits, and nobody else', async () => {
      const who = await requester();
      const url = `/api/people/${who.id}`;
      const own = await patch(url, who, { person: { manager: who.id } });
      expect([403, 404]).toContain(own.statusCode);
      refused(
        app,
        await patch(url, p.manager, { person: { approvalLimit: '1.00' } }),
        'FORBIDDEN',
        403,
      );
      const read = ok(await app.send(url, { as: p.manager }));
      expect(read.person).toMatchObject({ name: expect.any(String), email: who.email });
      expect(read.person).not.toHaveProperty('approvalLimit');
      expect((await app.send(url, { as: p.manager2 })).statusCode).toBe(404);
      const mine = ok(await app.send(`/api/people/${p.manager!.id}`, { as: who }));
      expect(mine.person).toMatchObject({ id: p.manager!.id });
    });

    it('lets buyers keep suppliers and finance approve them', async () => {
      const body = { name: 'initech', email: 'sales@initech.test', country: 'DE' };
      const made = ok(await post('/api/suppliers', p.buyer, body), 201);
      const who = await requester();
      refused(app, await post('/api/suppliers', who, { ...body, name: 'x' }), 'FORBIDDEN', 403);
      const url = `/api/suppliers/${String(made.id)}`;
      refused(app, await patch(url, p.buyer, { approved: true }), 'BAD_REQUEST', 400);
      refused(app, await patch(url, p.finance, { name: 'Initech' }), 'BAD_REQUEST', 400);
      expect(ok(await patch(url, p.finance, { approved: true })).approved).toBe(true);
      const seen = ok(await app.send(url, { as: who }));
      expect(seen).not.toHaveProperty('email');
      const bad = await post('/api/suppliers', p.buyer, {
        ...body,
        name: 'umbrella',
        country: 'de',
      });
      expect(refused(app, bad, 'VALIDATION_FAILED', 422).errors).toEqual([
        expect.objectContaining({ field: 'country' }),
      ]);
    });
  });

  describe('requisitions', () => {
    it('records who asked, with the VAT rate of the day', async () => {
      const by = await requester();
      const r = await draft(by);
      expect(r).toMatchObject({ requester: by.id, status: 'draft', vatRate: '0.21', vat: '84.00' });
      const nobody = await post('/api/requisitions', undefined, { requisition: { title: 'x' } });
      refused(app, nobody, 'UNAUTHENTICATED', 401);
      const body = { requisition: { title: 'Chairs', supplier: approved.id, amount: '90.00' } };
      refused(app, await post('/api/requisitions', p.buyer, body), 'FORBIDDEN', 403);
      refused(app, await post('/api/requisitions', p.admin, body), 'FORBIDDEN', 403);
    });

    it('rounds the VAT to the cent', async () => {
      const r = await draft(await requester(), { amount: '10.05' });
      expect(r.vat).toBe('2.11');
    });

    it('needs enough notice for the date needed (TOO_SOON)', async () => {
      const by = await requester();
      const soon = await post('/api/requisitions', by, {
        requisition: {
          title: 'Toner cartridges',
          supplier: approved.id,
          amount: '50.00',
          neededBy: dayIn(1),
        },
      });
      const problem = refused(app, soon, 'TOO_SOON', 422, { field: 'needed by' });
      expect(problem.errors).toEqual([expect.objectContaining({ field: 'neededBy' })]);
      const r = await draft(by, { neededBy: dayIn(5) });
      const url = `/api/requisitions/${String(r.id)}`;
      const later = await patch(url, by, { requisition: { neededBy: dayIn(2) } });
      expect(later.json<Body>().errors).toEqual([expect.objectContaining({ code: 'TOO_SOON' })]);
    });

    it('caps a single requisition (OVER_MAXIMUM)', async () => {
      const by = await requester();
      const body = { title: 'A new studio', supplier: approved.id, amount: '50000.01' };
      const over = await post('/api/requisitions', by, { requisition: body });
      expect(over.json<Body>().errors).toEqual([
        expect.objectContaining({ code: 'OVER_MAXIMUM', field: 'amount' }),
      ]);
      await draft(by, { amount: '50000.00' });
    });

    it('needs an approved supplier over a small amount (SUPPLIER_NOT_APPROVED)', async () => {
      const by = await requester();
      const body = { title: 'Monitor arms', supplier: unapproved.id, amount: '250.01' };
      const over = await post('/api/requisitions', by, { requisition: body });
      refused(app, over, 'SUPPLIER_NOT_APPROVED', 409);
      const r = await draft(by, { supplier: unapproved.id, amount: '250.00' });
      const raised = await patch(`/api/requisitions/${String(r.id)}`, by, {
        requisition: { amount: '300.00' },
      });
      refused(app, raised, 'SUPPLIER_NOT_APPROVED', 409);
    });

    it('limits the drafts one person keeps (TOO_MANY_DRAFTS)', async () => {
      const by = await requester();
      for (let i = 0; i < 3; i++) await draft(by);
      const body = { title: 'One more thing', supplier: approved.id, amount: '10.00' };
      refused(
        app,
        await post('/api/requisitions', by, { requisition: body }),
        'TOO_MANY_DRAFTS',
        409,
      );
    });

    it('lets its requester change a draft only', async () => {
      const by = await requester();
      const r = await draft(by);
      const url = `/api/requisitions/${String(r.id)}`;
      const other = await requester();
      expect((await patch(url, other, { requisition: { title: 'Mine now' } })).statusCode).toBe(
        404,
      );
      const changed = ok(await patch(url, by, { requisition: { title: 'Pen tablets' } }));
      expect((changed.requisition as Body).title).toBe('Pen tablets');
      await moved(r, 'submit', by);
      refused(app, await patch(url, by, { requisition: { title: 'Later' } }), 'FORBIDDEN', 403);
    });

    it('shows each requisition to those in its chain only', async () => {
      const { r } = await submitted();
      const url = `/api/requisitions/${String(r.id)}`;
      ok(await app.send(url, { as: p.manager }));
      for (const outsider of [p.manager2, p.finance, p.buyer, await requester()])
        expect((await app.send(url, { as: outsider })).statusCode).toBe(404);
      await moved(r, 'approve', p.manager!);
      ok(await app.send(url, { as: p.finance }));
      const bought = ok(await app.send(url, { as: p.buyer }));
      expect(bought.requisition).not.toHaveProperty('justification');
      const listed = ok(await app.send('/api/requisitions?limit=100', { as: p.manager2 }));
      expect((listed.requisitions as Body[]).map((x) => x.id)).not.toContain(r.id);
    });
  });

  describe('the approval chain', () => {
    it('submits with a justification (JUSTIFICATION_NEEDED), by its requester only', async () => {
      const by = await requester();
      const r = await draft(by, { justification: 'Needed.' });
      refused(app, await act(r, 'submit', by), 'JUSTIFICATION_NEEDED', 422);
      const bare = await draft(by, { justification: undefined });
      refused(app, await act(bare, 'submit', by), 'JUSTIFICATION_NEEDED', 422);
      const other = await requester();
      expect((await act(r, 'submit', other)).statusCode).toBe(404);
      refused(app, await act(r, 'submit', p.manager), 'FORBIDDEN', 403);
      await patch(`/api/requisitions/${String(r.id)}`, by, {
        requisition: { justification: 'The printer on floor two has died for good.' },
      });
      expect((await moved(r, 'submit', by)).status).toBe('submitted');
    });

    it('lets the requester withdraw a draft, and nobody else', async () => {
      const by = await requester();
      const r = await draft(by);
      refused(app, await act(r, 'withdraw', p.admin), 'FORBIDDEN', 403);
      expect((await moved(r, 'withdraw', by)).status).toBe('withdrawn');
      refused(app, await act(r, 'submit', by), 'TRANSITION_NOT_ALLOWED', 409);
    });

    it('lets the line manager approve within their limit (OVER_MANAGER_LIMIT)', async () => {
      const { r } = await submitted({ amount: '1000.00' });
      expect((await act(r, 'approve', p.manager2)).statusCode).toBe(404);
      const done = await moved(r, 'approve', p.manager!);
      expect(done).toMatchObject({ status: 'approved', decidedBy: p.manager!.id });
      const { r: large } = await submitted({ amount: '1000.01' });
      const over = await act(large, 'approve', p.manager);
      refused(app, over, 'OVER_MANAGER_LIMIT', 409);
      expect(over.json<Body>().detail).toBe(
        'Over 1000.00 EUR a requisition needs finance: escalate it instead.',
      );
    });

    it('lets the line manager pass any requisition to finance, and nobody else', async () => {
      const { r, by } = await submitted({ amount: '999.99' });
      refused(app, await act(r, 'escalate', by), 'FORBIDDEN', 403);
      expect((await act(r, 'escalate', p.manager2)).statusCode).toBe(404);
      expect((await moved(r, 'escalate', p.manager!)).status).toBe('escalated');
    });

    it('lets finance endorse up to each controller’s limit (OVER_YOUR_LIMIT)', async () => {
      const { r } = await submitted({ amount: '5000.00' });
      await moved(r, 'escalate', p.manager!);
      refused(app, await act(r, 'endorse', p.junior), 'OVER_YOUR_LIMIT', 403);
      refused(app, await act(r, 'endorse', p.manager), 'FORBIDDEN', 403);
      const done = await moved(r, 'endorse', p.finance!);
      expect(done).toMatchObject({ status: 'approved', decidedBy: p.finance!.id });
      const limitless = await app.person(['finance']);
      const { r: other } = await submitted({ amount: '1200.00' });
      await moved(other, 'escalate', p.manager!);
      refused(app, await act(other, 'endorse', limitless), 'OVER_YOUR_LIMIT', 403);
    });

    it('rejects with a reason (REASON_TOO_SHORT), and lets the requester revise', async () => {
      const { r, by } = await submitted();
      refused(app, await act(r, 'reject', p.manager, { reason: 'No.' }), 'REASON_TOO_SHORT', 422);
      refused(app, await act(r, 'reject', p.manager, {}), 'REASON_TOO_SHORT', 422);
      refused(app, await act(r, 'reject', by, { reason: 'Changed my mind' }), 'FORBIDDEN', 403);
      const reason = 'We have spare tablets in storage.';
      const rejected = await moved(r, 'reject', p.manager!, { reason });
      expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: reason });
      refused(app, await act(r, 'revise', p.manager), 'FORBIDDEN', 403);
      const revised = await moved(r, 'revise', by);
      expect(revised).toMatchObject({ status: 'draft', rejectionReason: null, decidedBy: null });
      const { r: large } = await submitted({ amount: '3000.00' });
      await moved(large, 'escalate', p.manager!);
      expect((await moved(large, 'reject', p.junior!, { reason })).status).toBe('rejected');
    });

    it('lets a buyer order what is approved, with its number (ORDER_NUMBER_NEEDED)', async () => {
      const { r, by } = await submitted();
      refused(app, await act(r, 'order', p.buyer, { orderNumber: 'PO-1' }), 'NOT_FOUND', 404);
      await moved(r, 'approve', p.manager!);
      refused(
        app,
        await act(r, 'order', p.buyer, { orderNumber: 'P1' }),
        'ORDER_NUMBER_NEEDED',
        422,
      );
      refused(app, await act(r, 'order', p.buyer, {}), 'ORDER_NUMBER_NEEDED', 422);
      refused(app, await act(r, 'order', p.finance, { orderNumber: 'PO-77' }), 'FORBIDDEN', 403);
      refused(app, await act(r, 'order', by, { orderNumber: 'PO-77' }), 'FORBIDDEN', 403);
      const ordered = await moved(r, 'order', p.buyer!, { orderNumber: 'PO-77' });
      expect(ordered).toMatchObject({ status: 'ordered', orderNumber: 'PO-77' });
      expect(ordered.orderedAt).toEqual(expect.any(String));
    });

    it('answers a signed-out caller with the company’s own message', async () => {
      const { r } = await submitted();
      refused(app, await act(r, 'approve', undefined), 'UNAUTHENTICATED', 401);
    });

    it('answers `me` signed out with the company’s own message', async () => {
      refused(app, await app.send('/api/me'), 'UNAUTHENTICATED', 401);
    });
  });
});
