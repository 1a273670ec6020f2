import type { Actor } from '../../../src/index.js';
import { times, type ExampleCases } from './example-cases.js';
import type { Harness } from './harness.js';
import { nextNumber } from './sample-values.js';

const at = (days: number, hour: number) => new Date(Date.UTC(2999, 0, days, hour)).toISOString();

async function openEvent(h: Harness, actor: Actor, event: Record<string, unknown> = {}) {
  const e = await h.make('Event', actor, event);
  await h.setState('Event', e.id, 'published');
  return e;
}

async function bookings(h: Harness, eventId: unknown, n: number) {
  await times(n, async () => h.make('Booking', await h.actor(), { event: eventId }));
}

/** Workshops: times in order, venue and event capacity, bookings only on open events. */
export const workshopsCases: ExampleCases = {
  overrides: {
    Tag: () => ({ name: `tag-${nextNumber()}` }),
    Venue: () => ({ capacity: 100 }),
    Event: () => ({ startsAt: at(1, 10), endsAt: at(1, 12) }),
    Booking: async (h, actor) => ({ event: (await openEvent(h, actor)).id }),
    Feedback: async (h, actor) => {
      const booking = await h.make('Booking', actor);
      await h.setState('Booking', booking.id, 'attended');
      return { booking: booking.id };
    },
  },
  rules: [
    {
      code: 'ENDS_BEFORE_START',
      run: async (h) => h.make('Event', await h.actor(), { endsAt: at(1, 9) }),
    },
    {
      code: 'OVER_VENUE_CAPACITY',
      run: async (h) => h.make('Event', await h.actor(), { capacity: 200 }),
    },
    {
      code: 'CAPACITY_BELOW_BOOKINGS',
      async run(h) {
        const actor = await h.actor();
        const event = await openEvent(h, actor, { capacity: 3 });
        await bookings(h, event.id, 2);
        const ops = h.ops('Event');
        return ops.updateRecord(h.ctx(actor), event.id as string, { capacity: 1 }, 1);
      },
    },
    {
      code: 'PRICE_TOO_HIGH',
      run: async (h) => h.make('Event', await h.actor(), { price: '150.01' }),
    },
    {
      code: 'EVENT_NOT_OPEN',
      async run(h) {
        const actor = await h.actor();
        const draft = await h.make('Event', actor);
        return h.make('Booking', actor, { event: draft.id });
      },
    },
    {
      code: 'EVENT_FULL',
      async run(h) {
        // Its one place taken and MAX_WAITLIST bookings waiting: the waiting list is full too.
        const event = await openEvent(h, await h.actor(), { capacity: 1 });
        await bookings(h, event.id, 1 + 3);
        return h.make('Booking', await h.actor(), { event: event.id });
      },
    },
    {
      code: 'ALREADY_BOOKED',
      async run(h) {
        const actor = await h.actor();
        const event = await openEvent(h, actor);
        await h.make('Booking', actor, { event: event.id });
        return h.make('Booking', actor, { event: event.id });
      },
    },
    {
      code: 'FEEDBACK_BEFORE_ATTENDING',
      async run(h) {
        const actor = await h.actor();
        const booking = await h.make('Booking', actor);
        return h.make('Feedback', actor, { booking: booking.id });
      },
    },
  ],
};
