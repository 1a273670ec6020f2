import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { exampleModel, ok, refused, serveExample, type Person } from './support/served-example.js';

// examples/vetclinic.spec.md as the clinic meets it: every rule, guard and permission row tried
// both ways over HTTP, with real sessions and section 6's own policy; the invoice's amounts
// worked out by the database, rounded half to even to the penny.
const model = exampleModel('vetclinic');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();
const q = (expression: string) => encodeURIComponent(expression);

type Body = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the vet clinic example over HTTP', (databases) => {
    const clinic = serveExample(databases, model);
    const p: Record<string, Person> = {};
    let slot = 0;
    let invoices = 0;

    beforeAll(async () => {
      for (const [who, roles] of Object.entries({
        owner: ['owner'],
        owner2: ['owner'],
        reception: ['reception'],
        vet: ['vet'],
        vet2: ['vet'],
        manager: ['manager'],
      }))
        p[who] = await clinic.person(roles, who);
    }, 60_000);

    const post = (url: string, as: Person | undefined, body: unknown = {}) =>
      clinic.send(url, { method: 'POST', as, body });
    const patch = (url: string, as: Person | undefined, body: unknown) =>
      clinic.send(url, { method: 'PATCH', as, body });
    const get = (url: string, as?: Person) => clinic.send(url, { as });
    /** A refusal by a validation rule: its catalogue status, and its code on the answer. */
    const ruleRefused = (response: LightMyRequestResponse, code: string, status: number) => {
      expect(response.statusCode, response.body).toBe(status);
      const problem = response.json<Body>();
      const codes = [
        problem.code,
        ...((problem.errors as Body[] | undefined) ?? []).map((e) => e.code),
      ];
      expect(codes, response.body).toContain(code);
      return problem;
    };
    // An owner of their own, so that one test's pets never count against another's limit.
    const owner = () => clinic.person(['owner']);
    const pet = async (by: Person, fields: Body = {}) =>
      ok(await post('/api/pets', by, { name: `Rex ${++slot}`, species: 'dog', ...fields }), 201);
    // Each appointment its own hour, so that no two clash for a vet (SLOT_TAKEN).
    const book = async (by: Person, petId: unknown, fields: Body = {}) => {
      const body = {
        pet: petId,
        vet: p.vet!.id,
        startsAt: inFuture(3 * DAY + ++slot * HOUR),
        reason: 'Limping on the left hind leg',
        ...fields,
      };
      return ok(await post('/api/appointments', by, body), 201);
    };
    const act = (record: Body, action: string, as: Person | undefined, body: unknown = {}) =>
      post(`/api/appointments/${String(record.id)}/${action}`, as, body);
    const bill = (record: Body, action: string, as: Person | undefined, body: unknown = {}) =>
      post(`/api/invoices/${String(record.id)}/${action}`, as, body);
    /** Moves an appointment's start, as reception would. */
    const reschedule = async (a: Body, ms: number) =>
      ok(await patch(`/api/appointments/${String(a.id)}`, p.reception, { startsAt: inFuture(ms) }));
    const confirmed = async (fields: Body = {}) => {
      const o = await owner();
      const a = await book(o, (await pet(o)).id, fields);
      ok(await act(a, 'confirm', p.reception));
      return { a, o };
    };
    /** A visit seen by the vet, ready to invoice. */
    const completed = async () => {
      const { a, o } = await confirmed();
      await reschedule(a, 10 * MINUTE);
      ok(await act(a, 'checkIn', p.reception));
      ok(await act(a, 'complete', p.vet));
      return { a, o };
    };
    const number = () => `INV-${String(++invoices).padStart(4, '0')}`;
    const invoice = async (fields: Body = {}) => {
      const { a, o } = await completed();
      const body = { number: number(), appointment: a.id, ...fields };
      return { i: ok(await post('/api/invoices', p.reception, body), 201), a, o };
    };

    describe('pets', () => {
      it('lets an owner register a pet as theirs, reception too, and not a vet', async () => {
        const o = await owner();
        const rex = await pet(o);
        expect(rex).toMatchObject({ owner: o.id, active: true, ownerName: expect.any(String) });
        const forThem = ok(await post('/api/pets', p.reception, { name: 'Tom', owner: o.id }), 201);
        expect(forThem).toMatchObject({ owner: o.id, species: 'dog' });
        refused(clinic, await post('/api/pets', p.vet, { name: 'Tibbles' }), 'FORBIDDEN', 403);
        const nobody = await post('/api/pets', undefined, { name: 'Tibbles' });
        refused(clinic, nobody, 'UNAUTHENTICATED', 401);
      });

      it('limits an owner to five active pets (TOO_MANY_PETS)', async () => {
        const o = await owner();
        const pets = [];
        for (let i = 0; i < 5; i++) pets.push(await pet(o));
        const sixth = await post('/api/pets', o, { name: 'One too many' });
        refused(clinic, sixth, 'TOO_MANY_PETS', 409);
        expect(sixth.json<Body>().detail).toBe('An owner may register at most 5 active pets.');
        ok(await patch(`/api/pets/${String(pets[0]!.id)}`, o, { active: false }));
        await pet(o);
      });

      it('refuses a birth date in the future, on create and update (BORN_IN_FUTURE)', async () => {
        const o = await owner();
        const tomorrow = inFuture(DAY).slice(0, 10);
        ruleRefused(
          await post('/api/pets', o, { name: 'Unborn', born: tomorrow }),
          'BORN_IN_FUTURE',
          422,
        );
        const rex = await pet(o, { born: '2020-02-29' });
        expect(rex.born).toBe('2020-02-29');
      });

      it('shows owners their own pets only, and vets and reception every pet', async () => {
        const o = await owner();
        const rex = await pet(o);
        const url = `/api/pets/${String(rex.id)}`;
        ok(await get(url, o));
        expect((await get(url, p.owner2)).statusCode).toBe(404);
        ok(await get(url, p.vet));
        ok(await get(url, p.reception));
        const theirs = ok(await get('/api/pets?limit=100', p.owner2));
        expect((theirs.items as Body[]).map((x) => x.id)).not.toContain(rex.id);
        const mine = ok(await get('/api/pets?limit=100', o));
        expect((mine.items as Body[]).map((x) => x.id)).toEqual([rex.id]);
        refused(clinic, await get('/api/pets'), 'UNAUTHENTICATED', 401);
      });

      it('lets the owner rename a pet, a vet weigh it, and nobody else change it', async () => {
        const o = await owner();
        const rex = await pet(o);
        const url = `/api/pets/${String(rex.id)}`;
        expect(ok(await patch(url, o, { name: 'Rexy' })).name).toBe('Rexy');
        expect((await patch(url, p.owner2, { name: 'Mine' })).statusCode).toBe(404);
        expect(ok(await patch(url, p.vet, { weightKg: '31.5' })).weightKg).toBe('31.5');
        // A field outside the vet's row is one they may not set at all.
        refused(clinic, await patch(url, p.vet, { name: 'Fido' }), 'BAD_REQUEST', 400);
        const heavy = await patch(url, p.vet, { weightKg: '500.1' });
        expect(refused(clinic, heavy, 'VALIDATION_FAILED', 422).errors).toEqual([
          expect.objectContaining({ field: 'weightKg' }),
        ]);
      });

      it('counts a pet’s completed visits, in the record and as a list filter and sort', async () => {
        const { a, o } = await completed();
        const seen = ok(await get(`/api/pets/${String(a.pet)}`, o));
        expect(seen).toMatchObject({ visitCount: 1, mine: true, ownerName: expect.any(String) });
        expect(ok(await get(`/api/pets/${String(a.pet)}`, p.reception)).mine).toBe(false);
        const quiet = await pet(o);
        const filter = q(`record.visitCount >= 1`);
        const busy = ok(await get(`/api/pets?filter=${filter}&limit=100`, o));
        expect((busy.items as Body[]).map((x) => x.id)).toEqual([a.pet]);
        const sorted = ok(await get('/api/pets?sort=-visitCount&limit=100', o));
        expect((sorted.items as Body[]).map((x) => [x.id, x.visitCount])).toEqual([
          [a.pet, 1],
          [quiet.id, 0],
        ]);
      });
    });

    describe('appointments', () => {
      it('lets an owner book for their own pet, with two hours’ notice (TOO_SOON)', async () => {
        const o = await owner();
        const rex = await pet(o);
        const a = await book(o, rex.id);
        expect(a).toMatchObject({ status: 'requested', fee: '45.00', petName: rex.name });
        expect(a.actions).toEqual(['cancel']);
        const soon = { pet: rex.id, vet: p.vet!.id, startsAt: inFuture(HOUR), reason: 'Cough' };
        ruleRefused(await post('/api/appointments', o, soon), 'TOO_SOON', 422);
        // Reception books walk-ins at any time.
        const walkIn = ok(await post('/api/appointments', p.reception, soon), 201);
        expect(walkIn.status).toBe('requested');
      });

      it('refuses another owner’s pet, and a vet or nobody booking', async () => {
        const o = await owner();
        const rex = await pet(o);
        const body = { pet: rex.id, vet: p.vet!.id, startsAt: inFuture(2 * DAY), reason: 'Cough' };
        // Section 6 lets an owner create an appointment for their own pet only.
        refused(clinic, await post('/api/appointments', p.owner2, body), 'FORBIDDEN', 403);
        ok(await post('/api/appointments', o, body), 201);
        refused(clinic, await post('/api/appointments', p.vet, body), 'FORBIDDEN', 403);
        refused(clinic, await post('/api/appointments', undefined, body), 'UNAUTHENTICATED', 401);
      });

      it('books only the clinic’s vets (NOT_A_VET)', async () => {
        const o = await owner();
        const rex = await pet(o);
        const body = {
          pet: rex.id,
          vet: p.reception!.id,
          startsAt: inFuture(2 * DAY),
          reason: 'Cough',
        };
        ruleRefused(await post('/api/appointments', p.reception, body), 'NOT_A_VET', 422);
        const a = await book(o, rex.id);
        const url = `/api/appointments/${String(a.id)}`;
        ruleRefused(await patch(url, p.reception, { vet: p.manager!.id }), 'NOT_A_VET', 422);
        expect(ok(await patch(url, p.reception, { vet: p.vet2!.id })).vet).toBe(p.vet2!.id);
      });

      it('allows two open appointments per pet (PET_ALREADY_BOOKED)', async () => {
        const o = await owner();
        const rex = await pet(o);
        const first = await book(o, rex.id);
        await book(o, rex.id);
        const third = await post('/api/appointments', o, {
          pet: rex.id,
          vet: p.vet!.id,
          startsAt: inFuture(5 * DAY),
          reason: 'Again',
        });
        refused(clinic, third, 'PET_ALREADY_BOOKED', 409);
        expect(third.json<Body>().detail).toBe('This pet already has 2 open appointments.');
        ok(await act(first, 'cancel', o));
        await book(o, rex.id);
      });

      it('refuses a pet no longer registered (PET_INACTIVE)', async () => {
        const o = await owner();
        const rex = await pet(o);
        ok(await patch(`/api/pets/${String(rex.id)}`, o, { active: false }));
        const body = { pet: rex.id, vet: p.vet!.id, startsAt: inFuture(2 * DAY), reason: 'Cough' };
        ruleRefused(await post('/api/appointments', o, body), 'PET_INACTIVE', 422);
      });

      it('lets reception move a visit, but not into the past (RESCHEDULED_INTO_PAST)', async () => {
        const o = await owner();
        const a = await book(o, (await pet(o)).id);
        const url = `/api/appointments/${String(a.id)}`;
        const past = await patch(url, p.reception, { startsAt: inFuture(-HOUR) });
        ruleRefused(past, 'RESCHEDULED_INTO_PAST', 422);
        await reschedule(a, 4 * DAY);
        // A walk-in booked in the past keeps its start while its reason changes.
        const walkIn = ok(
          await post('/api/appointments', p.reception, {
            pet: (await pet(o)).id,
            vet: p.vet!.id,
            startsAt: inFuture(-HOUR),
            reason: 'Walk-in',
          }),
          201,
        );
        const edited = await patch(`/api/appointments/${String(walkIn.id)}`, p.reception, {
          reason: 'Walk-in: a thorn in the paw',
        });
        expect(ok(edited).reason).toBe('Walk-in: a thorn in the paw');
        refused(clinic, await patch(url, o, { reason: 'Mine to change' }), 'FORBIDDEN', 403);
      });

      it('keeps clinical notes to the vets, written by the appointment’s own vet', async () => {
        const { a, o } = await confirmed();
        const url = `/api/appointments/${String(a.id)}`;
        const notes = { clinicalNotes: 'Mild sprain; rest for a week.' };
        refused(clinic, await patch(url, p.vet2, notes), 'FORBIDDEN', 403);
        refused(clinic, await patch(url, p.reception, notes), 'BAD_REQUEST', 400);
        expect(ok(await patch(url, p.vet, notes)).clinicalNotes).toBe(notes.clinicalNotes);
        expect(ok(await get(url, p.vet2)).clinicalNotes).toBe(notes.clinicalNotes);
        expect(ok(await get(url, o))).not.toHaveProperty('clinicalNotes');
        expect(ok(await get(url, p.reception))).not.toHaveProperty('clinicalNotes');
        expect((await get(url, p.owner2)).statusCode).toBe(404);
      });

      it('works out the pet, its owner, the vet’s own visits and the late fee', async () => {
        const o = await owner();
        const rex = await pet(o);
        const a = await book(o, rex.id);
        const url = `/api/appointments/${String(a.id)}`;
        const byVet = ok(await get(url, p.vet));
        expect(byVet).toMatchObject({ petName: rex.name, petOwner: o.id, assignedToMe: true });
        expect(byVet.lateFee).toBe('15.00');
        expect(ok(await get(url, p.vet2)).assignedToMe).toBe(false);
        // A third of 20.00 is 6.666…: 6.67; of 0.05, 0.0166…: 0.02.
        expect(ok(await patch(url, p.reception, { fee: '20.00' })).lateFee).toBe('6.67');
        expect(ok(await patch(url, p.reception, { fee: '0.05' })).lateFee).toBe('0.02');
        const mine = ok(
          await get(`/api/appointments?filter=${q('record.assignedToMe')}&limit=100`, p.vet2),
        );
        expect((mine.items as Body[]).map((x) => x.id)).not.toContain(a.id);
        const theirs = ok(
          await get(
            `/api/appointments?filter=${q(`record.assignedToMe && record.lateFee < 1`)}&sort=lateFee&limit=100`,
            p.vet,
          ),
        );
        expect((theirs.items as Body[]).map((x) => x.id)).toContain(a.id);
      });
    });

    describe('the appointment lifecycle', () => {
      it('confirms by reception, one confirmed visit per vet and time (SLOT_TAKEN)', async () => {
        const { a } = await confirmed();
        const o = await owner();
        const clash = await book(o, (await pet(o)).id, { startsAt: a.startsAt });
        refused(clinic, await act(clash, 'confirm', o), 'FORBIDDEN', 403);
        refused(clinic, await act(clash, 'confirm', p.reception), 'SLOT_TAKEN', 409);
        const other = await book(o, (await pet(o)).id, { startsAt: a.startsAt, vet: p.vet2!.id });
        expect(ok(await act(other, 'confirm', p.reception)).status).toBe('confirmed');
      });

      it('lets an owner cancel a day ahead, in their own words (TOO_LATE_TO_CANCEL)', async () => {
        const { a, o } = await confirmed();
        expect((await act(a, 'cancel', p.owner2)).statusCode).toBe(404);
        refused(clinic, await act(a, 'cancel', p.vet), 'FORBIDDEN', 403);
        const done = ok(await act(a, 'cancel', o));
        expect(done).toMatchObject({
          status: 'cancelled',
          cancelReason: 'Cancelled by the owner',
          lateCancellation: false,
        });
        expect(Date.parse(done.cancelledAt as string)).toBeGreaterThan(Date.now() - MINUTE);
        const { a: soon, o: holder } = await confirmed();
        await reschedule(soon, 3 * HOUR);
        const late = await act(soon, 'cancel', holder);
        refused(clinic, late, 'TOO_LATE_TO_CANCEL', 409);
        expect(late.json<Body>().detail).toBe(
          'Appointments can be cancelled online up to 24h ahead. Please call 020 7946 0000.',
        );
        refused(clinic, await act(done, 'cancel', o), 'TRANSITION_NOT_ALLOWED', 409);
      });

      it('lets reception cancel at any time with a reason, marking it late (REASON_REQUIRED)', async () => {
        const { a } = await confirmed();
        refused(clinic, await act(a, 'cancel', p.reception), 'REASON_REQUIRED', 422);
        const early = ok(await act(a, 'cancel', p.reception, { reason: 'The vet is ill' }));
        expect(early).toMatchObject({ cancelReason: 'The vet is ill', lateCancellation: false });
        const { a: soon } = await confirmed();
        await reschedule(soon, 3 * HOUR);
        const late = ok(await act(soon, 'cancel', p.reception, { reason: 'Owner phoned' }));
        expect(late).toMatchObject({ status: 'cancelled', lateCancellation: true });
        const listed = ok(await get('/api/appointments?limit=100', p.reception));
        expect((listed.items as Body[]).map((x) => x.id)).toContain(soon.id);
      });

      it('checks a pet in from half an hour before (TOO_EARLY_TO_CHECK_IN)', async () => {
        const { a, o } = await confirmed();
        refused(clinic, await act(a, 'checkIn', p.reception), 'TOO_EARLY_TO_CHECK_IN', 409);
        expect((await act(a, 'checkIn', p.reception)).json<Body>().detail).toBe(
          'Check-in opens 30m before the appointment.',
        );
        await reschedule(a, 20 * MINUTE);
        refused(clinic, await act(a, 'checkIn', o), 'FORBIDDEN', 403);
        const inside = ok(await act(a, 'checkIn', p.reception));
        expect(inside).toMatchObject({ status: 'checkedIn', checkedInAt: expect.any(String) });
        refused(clinic, await act(a, 'noShow', p.reception), 'TRANSITION_NOT_ALLOWED', 409);
      });

      it('marks a visit missed half an hour after its start (NOT_LATE_YET)', async () => {
        const { a } = await confirmed();
        refused(clinic, await act(a, 'noShow', p.reception), 'NOT_LATE_YET', 409);
        const o = await owner();
        const missed = ok(
          await post('/api/appointments', p.reception, {
            pet: (await pet(o)).id,
            vet: p.vet!.id,
            startsAt: inFuture(-HOUR),
            reason: 'Booked by phone',
          }),
          201,
        );
        ok(await act(missed, 'confirm', p.reception));
        refused(clinic, await act(missed, 'noShow', p.vet), 'FORBIDDEN', 403);
        expect(ok(await act(missed, 'noShow', p.reception)).status).toBe('noShow');
      });

      it('lets the appointment’s vet complete it, or the manager (NOT_YOUR_PATIENT)', async () => {
        for (const by of ['vet', 'manager']) {
          const { a } = await confirmed();
          await reschedule(a, 10 * MINUTE);
          ok(await act(a, 'checkIn', p.reception));
          refused(clinic, await act(a, 'complete', p.vet2), 'NOT_YOUR_PATIENT', 403);
          refused(clinic, await act(a, 'complete', p.reception), 'FORBIDDEN', 403);
          expect(ok(await act(a, 'complete', p[by])).status).toBe('completed');
        }
      });
    });

    describe('invoices', () => {
      it('lets reception invoice a completed visit only (VISIT_NOT_COMPLETED)', async () => {
        const { i, a } = await invoice();
        expect(i).toMatchObject({ status: 'draft', consultationFee: '45.00', instalments: 1 });
        // A draft invoice is reception's to change (update), never to delete.
        expect(i.actions).toEqual(['issue', 'update']);
        const again = await post('/api/invoices', p.reception, {
          number: number(),
          appointment: a.id,
        });
        const taken = { field: 'Appointment', entity: 'invoice' };
        expect(refused(clinic, again, 'ALREADY_TAKEN', 409, taken).errors).toEqual([
          expect.objectContaining({ field: 'appointment' }),
        ]);
        const { a: early } = await confirmed();
        const body = { number: number(), appointment: early.id };
        refused(clinic, await post('/api/invoices', p.reception, body), 'VISIT_NOT_COMPLETED', 409);
        const { a: seen, o } = await completed();
        const byOwner = { number: number(), appointment: seen.id };
        refused(clinic, await post('/api/invoices', o, byOwner), 'FORBIDDEN', 403);
        const badNumber = await post('/api/invoices', p.reception, {
          ...byOwner,
          number: 'INV-12',
        });
        expect(refused(clinic, badNumber, 'VALIDATION_FAILED', 422).errors).toEqual([
          expect.objectContaining({ field: 'number' }),
        ]);
      });

      it('caps the discount, on create and update (DISCOUNT_TOO_HIGH)', async () => {
        const { a } = await completed();
        const body = { number: number(), appointment: a.id, discountRate: '0.3' };
        ruleRefused(await post('/api/invoices', p.reception, body), 'DISCOUNT_TOO_HIGH', 422);
        const made = ok(
          await post('/api/invoices', p.reception, { ...body, discountRate: '0.25' }),
          201,
        );
        const url = `/api/invoices/${String(made.id)}`;
        ruleRefused(
          await patch(url, p.reception, { discountRate: '0.26' }),
          'DISCOUNT_TOO_HIGH',
          422,
        );
      });

      it('works out discount, VAT, total and instalments to the penny', async () => {
        const { i, o } = await invoice({
          consultationFee: '45.00',
          medicationCost: '12.35',
          discountRate: '0.1',
          instalments: 3,
        });
        // 57.35 less 10 % (5.735: 5.74, half to even), VAT on 51.61 (10.322: 10.32), in thirds.
        const amounts = {
          subtotal: '57.35',
          discount: '5.74',
          vat: '10.32',
          total: '61.93',
          perInstalment: '20.64',
        };
        expect(i).toMatchObject(amounts);
        expect(ok(await get(`/api/invoices/${String(i.id)}`, o))).toMatchObject(amounts);
        const listed = ok(
          await get(
            `/api/invoices?filter=${q(`record.number == "${String(i.number)}"`)}`,
            p.reception,
          ),
        );
        expect(listed.items).toEqual([expect.objectContaining(amounts)]);
      });

      it('rounds a discount exactly half a penny to the even penny', async () => {
        const { i } = await invoice({
          consultationFee: '10.00',
          medicationCost: '0.25',
          discountRate: '0.1',
          instalments: 2,
        });
        // 10.25 less 1.025 (1.02); VAT on 9.23 is 1.846 (1.85); 11.08 in halves.
        expect(i).toMatchObject({
          subtotal: '10.25',
          discount: '1.02',
          vat: '1.85',
          total: '11.08',
          perInstalment: '5.54',
        });
        const url = `/api/invoices/${String(i.id)}`;
        const changed = ok(
          await patch(url, p.reception, { medicationCost: '0.35', instalments: 3 }),
        );
        // 10.35 less 1.035 (1.04); VAT on 9.31 is 1.862 (1.86); 11.17 in thirds (3.7233…: 3.72).
        expect(changed).toMatchObject({
          discount: '1.04',
          vat: '1.86',
          total: '11.17',
          perInstalment: '3.72',
        });
      });

      it('filters and sorts invoices on their computed total', async () => {
        const small = (await invoice({ consultationFee: '10.00' })).i;
        const large = (await invoice({ consultationFee: '300.00', medicationCost: '99.99' })).i;
        const url = `/api/invoices?filter=${q(`record.total > 100`)}&sort=-total&limit=100`;
        const dear = ok(await get(url, p.manager)).items as Body[];
        expect(dear.map((x) => x.id)).toContain(large.id);
        expect(dear.map((x) => x.id)).not.toContain(small.id);
        const totals = dear.map((x) => Number(x.total));
        expect(totals).toEqual([...totals].sort((a, b) => b - a));
        const ours = ok(
          await get(
            `/api/invoices?filter=${q(`record.total < 20`)}&sort=total&limit=100`,
            p.manager,
          ),
        ).items as Body[];
        expect(ours.map((x) => x.id)).toContain(small.id);
      });

      it('shows an invoice to its owner, reception and the manager only', async () => {
        const { i, o } = await invoice();
        const url = `/api/invoices/${String(i.id)}`;
        expect(ok(await get(url, o))).toMatchObject({ owner: o.id, petName: expect.any(String) });
        expect((await get(url, p.owner2)).statusCode).toBe(404);
        ok(await get(url, p.manager));
        expect([403, 404]).toContain((await get(url, p.vet)).statusCode);
        refused(clinic, await get('/api/invoices', p.vet), 'FORBIDDEN', 403);
        const theirs = ok(await get('/api/invoices?limit=100', p.owner2)).items as Body[];
        expect(theirs.map((x) => x.id)).not.toContain(i.id);
      });

      it('lets reception change a draft only, and nobody delete an invoice', async () => {
        const { i, o } = await invoice();
        const url = `/api/invoices/${String(i.id)}`;
        refused(clinic, await patch(url, o, { medicationCost: '1.00' }), 'FORBIDDEN', 403);
        expect(ok(await patch(url, p.reception, { medicationCost: '5.00' })).subtotal).toBe(
          '50.00',
        );
        ok(await bill(i, 'issue', p.reception));
        refused(
          clinic,
          await patch(url, p.reception, { medicationCost: '6.00' }),
          'FORBIDDEN',
          403,
        );
        const del = await clinic.send(url, { method: 'DELETE', as: p.manager });
        refused(clinic, del, 'FORBIDDEN', 403);
      });
    });

    describe('the invoice lifecycle', () => {
      it('issues an invoice for more than nothing (NOTHING_TO_INVOICE)', async () => {
        const { i: free } = await invoice({ consultationFee: '0.00' });
        refused(clinic, await bill(free, 'issue', p.reception), 'NOTHING_TO_INVOICE', 409);
        const { i, o } = await invoice();
        refused(clinic, await bill(i, 'issue', o), 'FORBIDDEN', 403);
        expect(ok(await bill(i, 'issue', p.reception)).status).toBe('issued');
      });

      it('is paid by its owner or by reception, who is recorded', async () => {
        const { i, o } = await invoice();
        refused(clinic, await bill(i, 'pay', o), 'TRANSITION_NOT_ALLOWED', 409);
        ok(await bill(i, 'issue', p.reception));
        expect((await bill(i, 'pay', p.owner2)).statusCode).toBe(404);
        // Vets do not read invoices at all.
        expect((await bill(i, 'pay', p.vet)).statusCode).toBe(404);
        const paid = ok(await bill(i, 'pay', o));
        expect(paid).toMatchObject({ status: 'paid', paidBy: o.id });
        const { i: atDesk } = await invoice();
        ok(await bill(atDesk, 'issue', p.reception));
        expect(ok(await bill(atDesk, 'pay', p.reception))).toMatchObject({
          paidBy: p.reception!.id,
        });
      });

      it('refuses payment by an owner who may read the invoice but is not its owner', async () => {
        // An owner who is also the manager reads every invoice; the owner's row still checks.
        const both = await clinic.person(['owner', 'manager']);
        const { i } = await invoice();
        ok(await bill(i, 'issue', p.reception));
        refused(clinic, await bill(i, 'pay', both), 'TRANSITION_NOT_ALLOWED', 409);
      });

      it('lets the manager void a draft or issued invoice, with a reason (REASON_REQUIRED)', async () => {
        const { i } = await invoice();
        refused(
          clinic,
          await bill(i, 'void', p.reception, { reason: 'Issued twice' }),
          'FORBIDDEN',
          403,
        );
        refused(
          clinic,
          await bill(i, 'void', p.manager, { reason: 'dup' }),
          'REASON_REQUIRED',
          422,
        );
        refused(clinic, await bill(i, 'void', p.manager), 'REASON_REQUIRED', 422);
        const voided = ok(await bill(i, 'void', p.manager, { reason: 'Issued twice' }));
        expect(voided).toMatchObject({ status: 'void', voidReason: 'Issued twice' });
        const { i: paid, o } = await invoice();
        ok(await bill(paid, 'issue', p.reception));
        ok(await bill(paid, 'pay', o));
        const late = await bill(paid, 'void', p.manager, { reason: 'Refunded' });
        refused(clinic, late, 'TRANSITION_NOT_ALLOWED', 409);
      });
    });

    describe('people', () => {
      it('lets owners see vets’ names only, and reception their contact details', async () => {
        const vet = ok(await get(`/api/users/${p.vet!.id}`, p.owner));
        expect(vet.name).toBe('vet');
        expect(vet).not.toHaveProperty('email');
        expect((await get(`/api/users/${p.owner2!.id}`, p.owner)).statusCode).toBe(404);
        const desk = ok(await get(`/api/users/${p.owner2!.id}`, p.reception));
        expect(desk).toMatchObject({ name: 'owner2', email: p.owner2!.email });
      });

      it('lets everyone keep their own phone number, in the clinic’s format', async () => {
        const o = await owner();
        const url = `/api/users/${o.id}`;
        expect(ok(await patch(url, o, { phone: '+44 20 7946 0001' })).phone).toBe(
          '+44 20 7946 0001',
        );
        const bad = await patch(url, o, { phone: 'call me' });
        expect(refused(clinic, bad, 'VALIDATION_FAILED', 422).errors).toEqual([
          expect.objectContaining({ field: 'phone' }),
        ]);
        expect((await patch(url, p.owner2, { phone: '020 7946 0002' })).statusCode).toBe(404);
      });

      it('lets people sign up as owners', async () => {
        const joined = await post('/api/sign-up', undefined, {
          name: 'Priya',
          email: 'priya@vet.test',
          password: 'a long and unusual password',
        });
        expect(ok(joined, 201).roles).toEqual(['owner']);
      });
    });
  });
}
