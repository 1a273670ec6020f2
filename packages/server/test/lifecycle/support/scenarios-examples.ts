import { stockroomCases } from '../../operations/support/cases-stockroom.js';
import { workshopsCases } from '../../operations/support/cases-workshops.js';
import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import type { LifecycleScenario } from './scenario.js';

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
            { name: 'a negative quantity', input: () => ({ quantity: -1 }) },
            { name: 'no quantity', input: () => ({}) },
          ],
        },
        cancel: { pass: {}, also: [{ name: 'by the manager', by: 'manager' }] },
      },
    },
  },
};

/** Workshops: publish early enough, finish once over, check in from half an hour before. */
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
            { name: 'too short a reason', input: () => ({ reason: 'no' }) },
            { name: 'no reason', input: () => ({}) },
          ],
        },
      },
    },
    Booking: {
      creator: 'attendee',
      rows: {
        checkin: {
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
          ],
          fails: [{ name: 'less than a day before', at: () => new Date(STARTS - HOUR) }],
        },
      },
    },
  },
};
