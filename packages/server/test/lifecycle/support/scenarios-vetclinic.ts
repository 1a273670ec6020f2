import type { Actor } from '../../../src/index.js';
import type { Harness } from '../../operations/support/harness.js';
import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import { nextNumber } from '../../operations/support/sample-values.js';
import type { LifecycleScenario } from './scenario.js';

// examples/vetclinic.spec.md: several rows for one action, told apart by Who ("cancel by owner"
// and "cancel by reception"), each with its own guard, Sets and Error.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Appointments start an hour apart from this instant, so that none clashes with another for a
// vet (SLOT_TAKEN) unless a test makes it.
const STARTS = Date.parse('2999-01-01T10:00:00Z');
/** An instant relative to the record's start. */
const fromStart =
  (ms: number) =>
  ({ record }: { record: Record<string, unknown> }) =>
    new Date(Date.parse(record.startsAt as string) + ms);

// The vet of each world's owner, so that the owner's appointments are that vet's patients.
const vetOf = new Map<string, string>();
// Each owner's latest pet and how many appointments it has had: a pet is shared by two, so that
// a world's records stay within the pets one owner may have (TOO_MANY_PETS) and the open
// appointments one pet may have (PET_ALREADY_BOOKED).
const petOf = new Map<string, { id: unknown; visits: number }>();
const APPOINTMENTS_PER_PET = 2;

async function petFor(h: Harness, actor: Actor): Promise<unknown> {
  let pet = petOf.get(actor.id);
  if (!pet || pet.visits >= APPOINTMENTS_PER_PET)
    petOf.set(actor.id, (pet = { id: (await h.make('Pet', actor)).id, visits: 0 }));
  pet.visits++;
  return pet.id;
}

/** Vet clinic: appointments confirmed, checked in and completed; invoices issued and paid. */
export const vetclinicScenario: LifecycleScenario = {
  name: 'vetclinic',
  model: EXAMPLE_MODELS.vetclinic!,
  overrides: {
    User: () => ({ phone: '020 7946 0001' }),
    Pet: (_h, actor) => ({ name: `Pet ${nextNumber()}`, owner: actor.id }),
    Appointment: async (h, actor) => ({
      pet: await petFor(h, actor),
      vet: vetOf.get(actor.id) ?? (await h.actor(['vet'])).id,
      startsAt: new Date(STARTS + nextNumber() * HOUR).toISOString(),
      reason: 'Limping on the left hind leg',
    }),
    // An invoice is for a completed visit of the creator's pet.
    Invoice: async (h, actor) => {
      const visit = await h.make('Appointment', actor);
      await h.setState('Appointment', visit.id, 'completed');
      return {
        number: `INV-${String(nextNumber() % 10_000).padStart(4, '0')}`,
        appointment: visit.id,
      };
    },
  },
  setup: async (_h, world) => {
    vetOf.set(world.actors.owner!.id, world.actors.vet!.id);
  },
  entities: {
    Appointment: {
      creator: 'owner',
      rows: {
        confirm: {
          pass: {},
          fails: [
            {
              name: 'the vet already confirmed at that time',
              prepare: async ({ h, world, record }) => {
                const other = await h.make('Appointment', world.actors.owner2!, {
                  vet: record.vet,
                  startsAt: record.startsAt,
                });
                await h.setState('Appointment', other.id, 'confirmed');
              },
            },
          ],
        },
        'cancel by owner': {
          // The reason is the reception row's input: the owner's row writes its own words.
          pass: { input: () => ({ reason: 'Feeling better' }) },
          sets: ({ now }) => ({
            cancelledAt: now.toISOString(),
            cancelReason: 'Cancelled by the owner',
          }),
          fails: [{ name: 'an hour before', at: fromStart(-HOUR) }],
        },
        'cancel by reception': {
          pass: { input: () => ({ reason: 'The vet is ill' }) },
          sets: ({ now }) => ({
            cancelledAt: now.toISOString(),
            cancelReason: 'The vet is ill',
            lateCancellation: false,
          }),
          also: [
            {
              name: 'an hour before (a late cancellation)',
              at: fromStart(-HOUR),
              input: () => ({ reason: 'Owner phoned' }),
            },
          ],
          fails: [{ name: 'no reason', refusedAt: 'reason' }],
        },
        checkIn: {
          pass: { at: fromStart(-10 * MINUTE) },
          sets: ({ now }) => ({ checkedInAt: now.toISOString() }),
          fails: [{ name: 'an hour before', at: fromStart(-HOUR) }],
        },
        noShow: {
          pass: { at: fromStart(HOUR) },
          fails: [{ name: 'ten minutes late', at: fromStart(10 * MINUTE) }],
        },
        // At the start, after the check-in: the history is in the order of its instants.
        'complete by vet': {
          pass: { at: fromStart(0) },
          fails: [{ name: 'another vet', by: 'vet2' }],
        },
        'complete by manager': { pass: { at: fromStart(0) } },
      },
    },
    Invoice: {
      creator: 'owner',
      rows: {
        issue: {
          pass: {},
          fails: [
            {
              name: 'nothing to pay',
              prepare: async ({ h, record }) => {
                await h.patch('Invoice', record.id as string, { consultationFee: '0.00' });
              },
            },
          ],
        },
        'pay by owner': {
          pass: {},
          sets: ({ now, actor }) => ({ paidAt: now.toISOString(), paidBy: actor.id }),
          fails: [{ name: 'another owner', by: 'owner2' }],
        },
        'pay by reception': {
          pass: {},
          sets: ({ now, actor }) => ({ paidAt: now.toISOString(), paidBy: actor.id }),
        },
        void: {
          pass: { input: () => ({ reason: 'Issued twice' }) },
          sets: () => ({ voidReason: 'Issued twice' }),
          fails: [
            { name: 'too short a reason', input: () => ({ reason: 'dup' }), refusedAt: 'reason' },
            { name: 'no reason', input: () => ({}), refusedAt: 'reason' },
          ],
        },
      },
    },
  },
};
