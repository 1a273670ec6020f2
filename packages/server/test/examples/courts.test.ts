import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { exampleModel, ok, refused, serveExample, type Person } from './support/served-example.js';

// examples/courts.spec.md as its club meets it: every rule, guard and permission row tried both
// ways over HTTP, with real sessions and section 6's own policy.
const model = exampleModel('courts');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

type Body = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the court bookings example over HTTP', (databases) => {
    const club = serveExample(databases, model);
    const p: Record<string, Person> = {};
    let slot = 0;

    beforeAll(async () => {
      for (const [who, roles] of Object.entries({
        secretary: ['secretary'],
        coach: ['coach'],
        coach2: ['coach'],
        member: ['member'],
        member2: ['member'],
      }))
        p[who] = await club.person(roles, who);
    }, 60_000);

    const post = (url: string, as: Person | undefined, body: unknown = {}) =>
      club.send(url, { method: 'POST', as, body });
    const patch = (url: string, as: Person | undefined, body: unknown) =>
      club.send(url, { method: 'PATCH', as, body });
    // A court, closed afterwards when asked: the create call does not take `open`.
    const court = async ({ open, ...fields }: Body = {}) => {
      const body = { name: `Court ${++slot}`, hourlyFee: '20.00', ...fields };
      const made = ok(await post('/api/courts', p.secretary, body), 201);
      if (open === undefined) return made;
      return ok(await patch(`/api/courts/${String(made.id)}`, p.secretary, { open }));
    };
    // A member of their own, so that the waitlist limit of one test never reaches another.
    const member = () => club.person(['member']);
    // Each session its own hour, so that no two clash on a court (COURT_TAKEN).
    const session = async (fields: Body = {}, coach = p.coach) => {
      const where = (fields.court as string | undefined) ?? ((await court()).id as string);
      const startsAt = inFuture(3 * DAY + ++slot * HOUR);
      const body = { title: 'Doubles drills', court: where, startsAt, ...fields };
      return ok(await post('/api/sessions', coach, body), 201);
    };
    const book = async (sessionId: unknown, by: Person) =>
      ok(await post('/api/bookings', by, { session: sessionId }), 201);
    const act = (booking: Body, action: string, as: Person | undefined, body: unknown = {}) =>
      post(`/api/bookings/${String(booking.id)}/${action}`, as, body);
    const confirmed = async (fields: Body = {}) => {
      const s = await session(fields);
      const m = await member();
      const b = await book(s.id, m);
      ok(await act(b, 'confirm', m));
      return { s, b, m };
    };
    // Moves a session's start, as its coach would reschedule it (rules on create only).
    const reschedule = async (s: Body, ms: number) =>
      ok(await patch(`/api/sessions/${String(s.id)}`, p.coach, { startsAt: inFuture(ms) }));

    describe('courts', () => {
      it('lets the secretary add one, and nobody else', async () => {
        const made = await court({ surface: 'clay' });
        expect(made).toMatchObject({ surface: 'clay', indoor: false, open: true });
        const body = { name: 'Centre court', hourlyFee: '30.00' };
        refused(club, await post('/api/courts', p.member, body), 'FORBIDDEN', 403);
        refused(club, await post('/api/courts', p.coach, body), 'FORBIDDEN', 403);
        refused(club, await post('/api/courts', undefined, body), 'UNAUTHENTICATED', 401);
      });

      it('checks the fee and the name of a court', async () => {
        const first = await court();
        const dear = await post('/api/courts', p.secretary, { name: 'Gold', hourlyFee: '200.01' });
        expect(refused(club, dear, 'VALIDATION_FAILED', 422).errors).toEqual([
          expect.objectContaining({ field: 'hourlyFee' }),
        ]);
        const same = await post('/api/courts', p.secretary, {
          name: first.name,
          hourlyFee: '10.00',
        });
        expect(same.statusCode, same.body).toBe(409);
        expect(same.json<Body>().errors).toEqual([
          expect.objectContaining({ field: 'name', code: 'ALREADY_TAKEN' }),
        ]);
        const short = await post('/api/courts', p.secretary, { name: 'A', hourlyFee: '10.00' });
        expect(short.statusCode, short.body).toBe(422);
      });

      it('works out the member fee at the member rate', async () => {
        const made = await court({ hourlyFee: '20.00' });
        expect(made.memberFee).toBe('17.00');
      });

      it('rounds the member fee to the penny', async () => {
        const made = await court({ hourlyFee: '20.35' });
        expect(made.memberFee).toBe('17.30');
      });

      it('shows visitors the open courts only, without their secretary-only fields', async () => {
        const open = await court();
        const closed = await court({ open: false });
        const seen = ok(await club.send(`/api/courts/${String(open.id)}`));
        expect(seen).toMatchObject({ name: open.name, hourlyFee: '20.00', memberFee: '17.00' });
        expect(seen).not.toHaveProperty('open');
        const hidden = await club.send(`/api/courts/${String(closed.id)}`);
        expect(hidden.statusCode).toBe(404);
        ok(await club.send(`/api/courts/${String(closed.id)}`, { as: p.secretary }));
        const listed = ok(await club.send('/api/courts?sort=name&limit=100'));
        const names = (listed.courts as Body[]).map((c) => c.name);
        expect(names).toContain(open.name);
        expect(names).not.toContain(closed.name);
      });

      it('lists the courts to a visitor in the default order', async () => {
        await court();
        const listed = await club.send('/api/courts');
        expect(listed.statusCode, listed.body).toBe(200);
      });

      it('lets only the secretary change or close a court', async () => {
        const c = await court();
        const url = `/api/courts/${String(c.id)}`;
        refused(club, await patch(url, p.coach, { open: false }), 'FORBIDDEN', 403);
        refused(club, await club.send(url, { method: 'DELETE', as: p.member }), 'FORBIDDEN', 403);
        expect(ok(await patch(url, p.secretary, { open: false })).open).toBe(false);
        ok(await club.send(url, { method: 'DELETE', as: p.secretary }), 204);
      });
    });

    describe('sessions', () => {
      it('lets a coach run one, as its coach, and not a member', async () => {
        const s = await session();
        expect(s).toMatchObject({ coach: p.coach!.id, places: 4, level: 'improver' });
        const c = await court();
        const body = { title: 'Rally', court: c.id, startsAt: inFuture(4 * DAY) };
        refused(club, await post('/api/sessions', p.member, body), 'FORBIDDEN', 403);
        refused(club, await post('/api/sessions', undefined, body), 'UNAUTHENTICATED', 401);
      });

      it('refuses a session in the past, on its start (SESSION_IN_PAST)', async () => {
        const c = await court();
        const body = { title: 'Too late', court: c.id, startsAt: inFuture(-HOUR) };
        const problem = await post('/api/sessions', p.coach, body);
        expect(problem.statusCode, problem.body).toBe(422);
        const errors = problem.json<Body>().errors as Body[];
        expect(errors).toEqual([
          expect.objectContaining({ code: 'SESSION_IN_PAST', field: 'startsAt' }),
        ]);
        expect(errors[0]!.message).toBe('The starts at must be in the future.');
      });

      it('refuses a closed court, on create and on update (COURT_CLOSED)', async () => {
        const closed = await court({ open: false });
        const body = { title: 'Closed', court: closed.id, startsAt: inFuture(5 * DAY) };
        refused(club, await post('/api/sessions', p.secretary, body), 'COURT_CLOSED', 409);
        // A coach cannot even see a closed court: it is refused as a court that does not exist.
        const unseen = await post('/api/sessions', p.coach, body);
        expect(refused(club, unseen, 'VALIDATION_FAILED', 422).errors).toEqual([
          expect.objectContaining({ field: 'court' }),
        ]);
        const c = await court();
        const s = await session({ court: c.id });
        ok(await patch(`/api/courts/${String(c.id)}`, p.secretary, { open: false }));
        const renamed = await patch(`/api/sessions/${String(s.id)}`, p.coach, { title: 'Renamed' });
        refused(club, renamed, 'COURT_CLOSED', 409);
      });

      it('refuses a second session on a court at the same time (COURT_TAKEN)', async () => {
        const s = await session();
        const body = { title: 'Clash', court: s.court, startsAt: s.startsAt };
        refused(club, await post('/api/sessions', p.coach2, body), 'COURT_TAKEN', 409);
        const later = { ...body, startsAt: inFuture(9 * DAY) };
        ok(await post('/api/sessions', p.coach2, later), 201);
      });

      it('checks the places of a session', async () => {
        const c = await court();
        const body = { title: 'Crowd', court: c.id, startsAt: inFuture(6 * DAY), places: 13 };
        const problem = await post('/api/sessions', p.coach, body);
        expect(refused(club, problem, 'VALIDATION_FAILED', 422).errors).toEqual([
          expect.objectContaining({ field: 'places' }),
        ]);
      });

      it('lets only its own coach change or delete a session', async () => {
        const s = await session();
        const url = `/api/sessions/${String(s.id)}`;
        refused(club, await patch(url, p.coach2, { title: 'Mine now' }), 'FORBIDDEN', 403);
        refused(club, await patch(url, p.member, { title: 'Mine now' }), 'FORBIDDEN', 403);
        expect(ok(await patch(url, p.coach, { title: 'Serve clinic' })).title).toBe('Serve clinic');
        refused(club, await club.send(url, { method: 'DELETE', as: p.coach2 }), 'FORBIDDEN', 403);
        ok(await club.send(url, { method: 'DELETE', as: p.coach }), 204);
      });

      it('keeps a session that has bookings (IN_USE)', async () => {
        const s = await session();
        const m = await member();
        await book(s.id, m);
        const url = `/api/sessions/${String(s.id)}`;
        const kept = await club.send(url, { method: 'DELETE', as: p.coach });
        expect(kept.statusCode, kept.body).toBe(409);
        expect(kept.json<Body>()).toMatchObject({
          code: 'IN_USE',
          detail: 'Still referred to by 1 booking (session).',
        });
      });

      it('shows sessions to everyone signed in, and to nobody else', async () => {
        const s = await session();
        ok(await club.send(`/api/sessions/${String(s.id)}`, { as: p.member2 }));
        const anonymous = await club.send(`/api/sessions/${String(s.id)}`);
        expect(anonymous.json<Body>().code).toBe('UNAUTHENTICATED');
      });

      it('shows the places left and the fee of a session', async () => {
        const c = await court({ hourlyFee: '20.00' });
        const s = await session({ court: c.id, places: 3 });
        const m = await member();
        const b = await book(s.id, m);
        ok(await act(b, 'confirm', m));
        const read = ok(await club.send(`/api/sessions/${String(s.id)}`, { as: m }));
        expect(read).toMatchObject({ placesLeft: 2, fee: '17.00' });
        const found = ok(
          await club.send(
            `/api/sessions?filter=${encodeURIComponent(`record.id == "${String(s.id)}" && record.placesLeft == 2`)}`,
            { as: m },
          ),
        );
        expect((found.sessions as Body[]).map((x) => x.id)).toEqual([s.id]);
      });
    });

    describe('bookings', () => {
      it('puts a member on the waitlist of a session, and not a coach', async () => {
        const s = await session();
        const m = await member();
        const b = await book(s.id, m);
        expect(b).toMatchObject({ status: 'waitlisted', member: m.id });
        // Their waitlisted booking's note is theirs to change (update), not to delete.
        expect(b.actions).toEqual(['confirm', 'leave', 'update']);
        const coach = await post('/api/bookings', p.coach, { session: s.id });
        refused(club, coach, 'FORBIDDEN', 403);
        const nobody = await post('/api/bookings', undefined, { session: s.id });
        refused(club, nobody, 'UNAUTHENTICATED', 401);
      });

      it('refuses a session that has started (SESSION_STARTED)', async () => {
        const s = await session();
        const m2 = await member();
        await reschedule(s, -HOUR);
        const late = await post('/api/bookings', m2, { session: s.id });
        refused(club, late, 'SESSION_STARTED', 409);
      });

      it('refuses a second booking of the same session (ALREADY_BOOKED)', async () => {
        const s = await session();
        const m2 = await member();
        const b = await book(s.id, m2);
        const again = await post('/api/bookings', m2, { session: s.id });
        refused(club, again, 'ALREADY_BOOKED', 409);
        ok(await act(b, 'leave', m2));
        await book(s.id, m2);
      });

      it('limits the waitlists a member is on (WAITLIST_LIMIT)', async () => {
        const keen = await club.person(['member']);
        for (let i = 0; i < 3; i++) await book((await session()).id, keen);
        const fourth = await post('/api/bookings', keen, { session: (await session()).id });
        refused(club, fourth, 'WAITLIST_LIMIT', 409);
        expect(fourth.json<Body>().detail).toBe(
          'You are already waiting for places in 3 sessions.',
        );
      });

      it('shows a booking to its member and its session’s coach only', async () => {
        const s = await session();
        const m = await member();
        const b = await book(s.id, m);
        const url = `/api/bookings/${String(b.id)}`;
        ok(await club.send(url, { as: m }));
        ok(await club.send(url, { as: p.coach }));
        ok(await club.send(url, { as: p.secretary }));
        expect((await club.send(url, { as: p.member2 })).statusCode).toBe(404);
        expect((await club.send(url, { as: p.coach2 })).statusCode).toBe(404);
        const listed = ok(await club.send('/api/bookings?limit=100', { as: p.member2 }));
        expect((listed.bookings as Body[]).map((x) => x.id)).not.toContain(b.id);
        const mine = ok(await club.send('/api/bookings?limit=100', { as: m }));
        expect((mine.bookings as Body[]).map((x) => x.id)).toContain(b.id);
      });

      it('answers an unknown booking with the club’s own NOT_FOUND message', async () => {
        const missing = await club.send('/api/bookings/nope', { as: p.member });
        refused(club, missing, 'NOT_FOUND', 404);
        expect(missing.json<Body>().detail).toBe('We could not find that at the club.');
      });

      it('lets a member change the note while waiting, and nobody else', async () => {
        const s = await session();
        const m = await member();
        const b = await book(s.id, m);
        const url = `/api/bookings/${String(b.id)}`;
        expect(ok(await patch(url, m, { note: 'Left-handed' })).note).toBe('Left-handed');
        expect((await patch(url, p.member2, { note: 'Mine' })).statusCode).toBe(404);
        refused(club, await patch(url, p.secretary, { note: 'Desk' }), 'FORBIDDEN', 403);
        ok(await act(b, 'confirm', m));
        refused(club, await patch(url, m, { note: 'Too late' }), 'FORBIDDEN', 403);
      });
    });

    describe('the booking lifecycle', () => {
      it('confirms a place while one is left, by the member or the coach (SESSION_FULL)', async () => {
        const s = await session({ places: 1 });
        const m = await member();
        const m2 = await member();
        const first = await book(s.id, m);
        const second = await book(s.id, m2);
        const taken = ok(await act(first, 'confirm', m));
        expect(taken.status).toBe('confirmed');
        expect(Date.parse(taken.confirmedAt as string)).toBeGreaterThan(Date.now() - MINUTE);
        refused(club, await act(second, 'confirm', m2), 'SESSION_FULL', 409);
        refused(club, await act(second, 'confirm', p.coach), 'SESSION_FULL', 409);
        ok(await act(first, 'cancel', m));
        expect(ok(await act(second, 'confirm', p.coach)).status).toBe('confirmed');
      });

      it('refuses confirm to others: their members, other coaches, the secretary', async () => {
        const s = await session();
        const m = await member();
        const b = await book(s.id, m);
        expect((await act(b, 'confirm', p.member2)).statusCode).toBe(404);
        expect((await act(b, 'confirm', p.coach2)).statusCode).toBe(404);
        refused(club, await act(b, 'confirm', p.secretary), 'FORBIDDEN', 403);
        refused(club, await act(b, 'confirm', undefined), 'UNAUTHENTICATED', 401);
      });

      it('lets a member leave the waitlist, but not a place once confirmed', async () => {
        const s = await session();
        const m = await member();
        const b = await book(s.id, m);
        refused(club, await act(b, 'leave', p.coach), 'FORBIDDEN', 403);
        const left = ok(await act(b, 'leave', m));
        expect(left.status).toBe('cancelled');
        expect(left.cancelledAt).toEqual(expect.any(String));
        const { b: placed, m: holder } = await confirmed();
        refused(club, await act(placed, 'leave', holder), 'TRANSITION_NOT_ALLOWED', 409);
      });

      it('lets a member cancel a day ahead, not later (TOO_LATE_TO_CANCEL)', async () => {
        const { b, m } = await confirmed();
        refused(club, await act(b, 'cancel', p.coach), 'FORBIDDEN', 403);
        expect(ok(await act(b, 'cancel', m)).status).toBe('cancelled');
        const { s, b: soon, m: holder } = await confirmed();
        await reschedule(s, 2 * HOUR);
        const late = await act(soon, 'cancel', holder);
        refused(club, late, 'TOO_LATE_TO_CANCEL', 409);
        expect(late.json<Body>().detail).toBe(
          'Places can be cancelled until 24h before the session; ask your coach.',
        );
      });

      it('lets the coach withdraw a place with a reason (REASON_NEEDED)', async () => {
        const { b, m } = await confirmed();
        refused(club, await act(b, 'withdraw', p.coach, { reason: 'no' }), 'REASON_NEEDED', 422);
        refused(club, await act(b, 'withdraw', p.coach, {}), 'REASON_NEEDED', 422);
        const byMember = await act(b, 'withdraw', m, { reason: 'Rain forecast' });
        refused(club, byMember, 'FORBIDDEN', 403);
        const done = ok(await act(b, 'withdraw', p.coach, { reason: 'Rain forecast' }));
        expect(done).toMatchObject({ status: 'cancelled', cancelReason: 'Rain forecast' });
      });

      it('checks players in from half an hour before (CHECK_IN_NOT_OPEN)', async () => {
        const { s, b, m } = await confirmed();
        refused(club, await act(b, 'attend', p.coach), 'CHECK_IN_NOT_OPEN', 409);
        expect((await act(b, 'attend', p.coach2)).statusCode).toBe(404);
        await reschedule(s, 10 * MINUTE);
        refused(club, await act(b, 'attend', m), 'FORBIDDEN', 403);
        expect(ok(await act(b, 'attend', p.coach)).status).toBe('attended');
      });

      it('marks a player absent once the session has started (SESSION_NOT_OVER)', async () => {
        const { s, b, m } = await confirmed();
        refused(club, await act(b, 'miss', p.coach), 'SESSION_NOT_OVER', 409);
        await reschedule(s, -MINUTE);
        refused(club, await act(b, 'miss', m), 'FORBIDDEN', 403);
        expect(ok(await act(b, 'miss', p.coach)).status).toBe('missed');
        refused(club, await act(b, 'attend', p.coach), 'TRANSITION_NOT_ALLOWED', 409);
      });
    });

    describe('people', () => {
      it('lets members see coaches’ names, not other members', async () => {
        const coach = ok(await club.send(`/api/people/${p.coach!.id}`, { as: p.member }));
        expect(coach.name).toBe('coach');
        expect(coach).not.toHaveProperty('email');
        const other = await club.send(`/api/people/${p.member2!.id}`, { as: p.member });
        expect(other.statusCode).toBe(404);
        ok(await club.send(`/api/people/${p.member2!.id}`, { as: p.coach }));
      });

      it('lets people join as members, through /api/join', async () => {
        const joined = await post('/api/join', undefined, {
          name: 'Nadia',
          email: 'nadia@club.test',
          password: 'a long and unusual password',
        });
        expect(ok(joined, 201).roles).toEqual(['member']);
      });
    });
  });
}
