import { stockroomCases } from '../../operations/support/cases-stockroom.js';
import { workshopsCases } from '../../operations/support/cases-workshops.js';
import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import { expect } from 'vitest';
import type { WireRecord } from '../../../src/index.js';
import { entityTableName } from '../../../src/store/naming.js';
import type { LifecycleHarness } from './lifecycle-harness.js';
import type { Attempt, LifecycleScenario, World } from './scenario.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// The workshops' events all start and end at these instants (see cases-workshops.ts).
const STARTS = Date.parse('2999-01-01T10:00:00Z');
const ENDS = Date.parse('2999-01-01T12:00:00Z');

/** The stockroom: orders submitted by whoever placed them, approved by someone else. */
export const stockroomScenario: LifecycleScenario = {
  name: 'stockroom',
  model: EXAMPLE_MODELS.stockroom!,
  overrides: stockroomCases.overrides,
  entities: {
    PurchaseOrder: {
      creator: 'buyer',
      rows: {
        submit: { pass: {}, fails: [{ name: 'another buyer', by: 'buyer2' }] },
        approve: {
          pass: { by: 'manager' },
          sets: ({ now, world }) => ({
            approvedBy: world.actors.manager!.id,
            approvedAt: now.toISOString(),
          }),
          also: [{ name: 'a small order, by another buyer', by: 'buyer2' }],
          fails: [
            { name: 'the buyer who placed it', by: 'buyer' },
            {
              name: 'a large order, by another buyer',
              by: 'buyer2',
              prepare: async ({ h, record }) => {
                await h.patch('PurchaseOrder', record.id as string, { unitCost: '3000.00' });
              },
            },
          ],
        },
        receive: {
          pass: { input: () => ({ quantity: 1 }) },
          sets: ({ now }) => ({ receivedAt: now.toISOString(), receivedQuantity: 1 }),
          fails: [
            { name: 'more than ordered and allowed', input: () => ({ quantity: 7 }) },
            { name: 'a negative quantity', input: () => ({ quantity: -1 }), refusedAt: 'quantity' },
            { name: 'no quantity', input: () => ({}) },
          ],
        },
        cancel: { pass: {}, also: [{ name: 'by the manager', by: 'manager' }] },
      },
    },
  },
};

/** The ids of an event's bookings in a state, oldest first. */
async function bookingsOf(h: LifecycleHarness, event: unknown, status: string): Promise<string[]> {
  const rows = await h
    .store()
    .db.selectFrom('bookings')
    .select('id')
    .where('event', '=', event as string)
    .where('status', '=', status)
    .orderBy('bookedAt')
    .execute();
  return rows.map((r) => r.id as string);
}

/**
 * Makes the booking's workshop one that ended `ago` milliseconds before now, so that the scheduler
 * ticks at the present: a tick in the future would mark every confirmed place of the database
 * missed, the other tests' records among them.
 */
function workshopEndedAgo(ago: number): NonNullable<Attempt['prepare']> {
  return async ({ h, record }) => {
    const ended = Date.now() - ago;
    const events = h.model.entities.find((e) => e.name === 'Event')!;
    await h
      .store()
      .db.updateTable(entityTableName(events))
      .set({ startsAt: new Date(ended - (ENDS - STARTS)).toISOString() })
      .set({ endsAt: new Date(ended).toISOString() })
      .where('id', '=', record.event as string)
      .execute();
  };
}

/** The attendee's booking on a published workshop whose one place attendee2 has taken. */
async function bookingOnFullEvent(h: LifecycleHarness, world: World): Promise<WireRecord> {
  const event = await h.make('Event', world.actors.organizer!, { capacity: 1 });
  await h.setState('Event', event.id, 'published');
  await h.make('Booking', world.actors.attendee2!, { event: event.id });
  return h.make('Booking', world.actors.attendee!, { event: event.id });
}

/**
 * Cancelling a confirmed place on a full workshop promotes the booking that has waited longest,
 * in the same transaction, recorded in its history as caused by the cancellation.
 */
function promotionStep(): Attempt & { name: string } {
  let waiting: string[] = [];
  return {
    name: 'a confirmed place on a full workshop, which the first waiting booking takes',
    feedsEffects: true,
    prepare: async ({ h, world, record }) => {
      await h.patch('Event', record.event as string, { capacity: 1 });
      for (const name of ['attendee2', 'organizer2']) {
        await h.make('Booking', world.actors[name]!, { event: record.event });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      waiting = await bookingsOf(h, record.event, 'waitlisted');
      expect(waiting).toHaveLength(2);
    },
    then: async ({ h, world }) => {
      const [first, second] = waiting;
      expect((await h.stored('Booking', first!)).status).toBe('confirmed');
      expect((await h.stored('Booking', second!)).status).toBe('waitlisted');
      const { items } = await h.lifecycle('Booking').history(h.lctx(null), first!);
      expect(items).toEqual([
        expect.objectContaining({
          action: 'promote',
          fromState: 'waitlisted',
          toState: 'confirmed',
          byUser: world.actors.attendee!.id,
          input: { cause: 'Booking.cancel' },
        }),
      ]);
    },
  };
}

/**
 * Workshops: publish early enough, finish once over, check in from half an hour before; the
 * system marks a confirmed place missed two hours after the workshop ends (NO_SHOW_AFTER).
 */
export const workshopsScenario: LifecycleScenario = {
  name: 'workshops',
  model: EXAMPLE_MODELS.workshops!,
  overrides: workshopsCases.overrides,
  entities: {
    Event: {
      creator: 'organizer',
      rows: {
        publish: {
          pass: {},
          sets: ({ now }) => ({ publishedAt: now.toISOString() }),
          fails: [{ name: 'a day before it starts', at: () => new Date(STARTS - 24 * HOUR) }],
        },
        finish: {
          pass: { at: () => new Date(ENDS + HOUR) },
          also: [{ name: 'by an admin', by: 'admin', at: () => new Date(ENDS + HOUR) }],
          fails: [{ name: 'before it has ended' }],
        },
        cancel: {
          pass: { input: () => ({ reason: 'The venue is flooded' }) },
          sets: () => ({ cancelReason: 'The venue is flooded' }),
          fails: [
            { name: 'too short a reason', input: () => ({ reason: 'no' }), refusedAt: 'reason' },
            { name: 'no reason', input: () => ({}), refusedAt: 'reason' },
          ],
        },
      },
    },
    Booking: {
      creator: 'attendee',
      // A booking waits when the workshop is full: here its one place is taken by attendee2.
      starts: { waitlisted: ({ h, world }) => bookingOnFullEvent(h, world) },
      rows: {
        checkIn: {
          pass: { at: () => new Date(STARTS - 10 * MINUTE) },
          sets: ({ now, world }) => ({
            checkedInAt: now.toISOString(),
            checkedInBy: world.actors.organizer!.id,
          }),
          fails: [
            { name: 'too early' },
            {
              name: 'an event no longer published',
              at: () => new Date(STARTS - 10 * MINUTE),
              prepare: async ({ h, record }) => h.setState('Event', record.event, 'cancelled'),
            },
          ],
        },
        cancel: {
          pass: {},
          also: [
            {
              name: 'late, but the event was cancelled',
              at: () => new Date(STARTS - HOUR),
              prepare: async ({ h, record }) => h.setState('Event', record.event, 'cancelled'),
            },
            promotionStep(),
          ],
          fails: [{ name: 'less than a day before', at: () => new Date(STARTS - HOUR) }],
        },
        // Taken by the system: nobody checked the attendee in by NO_SHOW_AFTER after the end.
        miss: {
          pass: { prepare: workshopEndedAgo(2 * HOUR + MINUTE) },
          fails: [
            { name: 'an hour after the workshop ended', prepare: workshopEndedAgo(HOUR) },
            {
              name: 'of a workshop that was cancelled',
              prepare: async (moment) => {
                await workshopEndedAgo(3 * HOUR)(moment);
                await moment.h.setState('Event', moment.record.event, 'cancelled');
              },
            },
          ],
        },
        promote: {
          pass: {
            // A place is free: the booking holding it was cancelled (without promoting anyone).
            prepare: async ({ h, record }) => {
              for (const id of await bookingsOf(h, record.event, 'confirmed'))
                await h.setState('Booking', id, 'cancelled');
            },
          },
          fails: [{ name: 'while the workshop is full' }],
        },
      },
    },
  },
};
