import { expect, it } from 'vitest';
import { AppError, type Actor, type Policy, type WireRecord } from '../../src/index.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness } from '../lifecycle/support/lifecycle-harness.js';
import { EFFECTS_MODEL } from './effects-spec.js';

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'effects on other records', (databases) => {
    const h = useLifecycleHarness(databases, EFFECTS_MODEL, {});
    const db = () => h.store().db;

    /** A course of `capacity` places, `enrolled` students in it and `waiting` on its waitlist. */
    async function course(capacity: number, enrolled: number, waiting: number, title = 'Pottery') {
      const admin = await h.actor(['admin']);
      const made = await h.make('Course', admin, { title, capacity, lastChange: null });
      const enrolments: WireRecord[] = [];
      for (let i = 0; i < enrolled + waiting; i++) {
        const student = await h.actor(['student']);
        enrolments.push(await h.make('Enrolment', student, { course: made.id }));
        // Distinct instants: the waitlist is in the order of createdAt.
        await pause();
      }
      return { course: made, enrolments };
    }
    const studentOf = (e: WireRecord): Actor => ({
      id: e.student as string,
      email: 'x@example.com',
      name: 'Student',
      roles: ['student'],
      fields: {},
    });
    const cancel = (e: WireRecord, policy?: Policy) =>
      h
        .lifecycle('Enrolment')
        .transition(h.lctx(studentOf(e), new Date(), policy), e.id as string, 'cancel', {});
    const statuses = async (list: WireRecord[]) =>
      Promise.all(list.map(async (e) => (await h.stored('Enrolment', e.id as string)).status));
    const notices = async (to: unknown, text = 'Cancelled') =>
      db()
        .selectFrom('notices')
        .selectAll()
        .where('to', '=', to as string)
        .where('text', 'like', `${text}%`)
        .execute();

    it('promotes the first waitlisted enrolment, notifies and marks the course, with history', async () => {
      const { course: c, enrolments } = await course(1, 1, 2);
      expect(await statuses(enrolments)).toEqual(['enrolled', 'waitlisted', 'waitlisted']);
      await cancel(enrolments[0]!);
      expect(await statuses(enrolments)).toEqual(['cancelled', 'enrolled', 'waitlisted']);
      const [notice] = await notices(enrolments[0]!.student);
      expect(notice).toMatchObject({ text: 'Cancelled: Pottery' });
      expect((await h.stored('Course', c.id as string)).lastChange).toBe('cancel by Student');
      const reader = h.lctx(null);
      const promoted = await h.lifecycle('Enrolment').history(reader, enrolments[1]!.id as string);
      expect(promoted.items).toEqual([
        expect.objectContaining({
          action: 'enrol',
          fromState: 'waitlisted',
          toState: 'enrolled',
          byUser: enrolments[0]!.student,
          input: { cause: 'Enrolment.cancel' },
        }),
      ]);
      const marked = await h.lifecycle('Course').history(reader, c.id as string);
      expect(marked.items).toEqual([
        expect.objectContaining({ action: 'update', input: { cause: 'Enrolment.cancel' } }),
      ]);
      const created = await h.lifecycle('Notice').history(reader, notice!.id as string);
      expect(created.items).toEqual([expect.objectContaining({ action: 'create' })]);
    });

    it('runs the effects of a create, which see the state the record starts in', async () => {
      const { enrolments } = await course(1, 1, 1);
      expect((await notices(enrolments[0]!.student, 'Enrolled'))[0]).toMatchObject({
        text: 'Enrolled as enrolled',
      });
      expect((await notices(enrolments[1]!.student, 'Enrolled'))[0]).toMatchObject({
        text: 'Enrolled as waitlisted',
      });
    });

    it('promotes nobody when the cancelled enrolment was waiting, or nobody waits', async () => {
      const { enrolments } = await course(1, 1, 2);
      await cancel(enrolments[2]!);
      expect(await statuses(enrolments)).toEqual(['enrolled', 'waitlisted', 'cancelled']);
      const alone = await course(2, 1, 0);
      await cancel(alone.enrolments[0]!);
      expect(await statuses(alone.enrolments)).toEqual(['cancelled']);
    });

    it('refuses the whole transition with the rule of a record an effect changes', async () => {
      const { course: c, enrolments } = await course(1, 1, 1, 'Locked');
      const refused = await cancel(enrolments[0]!).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('COURSE_LOCKED');
      expect(await statuses(enrolments)).toEqual(['enrolled', 'waitlisted']);
      expect(await notices(enrolments[0]!.student)).toEqual([]);
      expect((await h.stored('Course', c.id as string)).lastChange).toBeNull();
      expect(await h.historyCount('Enrolment', enrolments[0]!.id as string)).toBe(0);
    });

    it('refuses the whole transition when a created record is not valid', async () => {
      const long = 'A course whose title is far too long for a notice';
      const { enrolments } = await course(1, 1, 1, long);
      const refused = await cancel(enrolments[0]!).catch((e: unknown) => e);
      expect((refused as AppError).code).toBe('VALIDATION_FAILED');
      expect(await statuses(enrolments)).toEqual(['enrolled', 'waitlisted']);
    });

    /** Cancels two enrolments at once: each waits for the other after reading its enrolment. */
    async function cancelTogether(pair: WireRecord[]) {
      let arrived = 0;
      let release = () => {};
      const together = new Promise<void>((resolve) => (release = resolve));
      // SQLite lets one transaction write at a time: there the first goes on alone after a while.
      setTimeout(release, 1_000);
      const policy: Policy = {
        ...allowAllPolicy(h.model),
        canTakeAction: async () => {
          if (++arrived === 2) release();
          await together;
          return true;
        },
      };
      return Promise.allSettled(pair.map((e) => cancel(e, policy)));
    }

    it('promotes two different enrolments for two cancellations at once', async () => {
      // Several rounds: on PostgreSQL the two look for the first waiting enrolment at nearly the
      // same instant, and without a row lock would both find the same one.
      for (let round = 0; round < 3; round++) {
        const { enrolments } = await course(2, 2, 3);
        const results = await cancelTogether(enrolments.slice(0, 2));
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
        expect(await statuses(enrolments)).toEqual([
          'cancelled',
          'cancelled',
          'enrolled',
          'enrolled',
          'waitlisted',
        ]);
      }
    }, 30_000);
  });
}
