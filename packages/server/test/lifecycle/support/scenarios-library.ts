import { dateIn } from '@specrun/model';
import { libraryCases } from '../../operations/support/cases-library.js';
import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import type { LifecycleScenario } from './scenario.js';

const DAY = 86_400_000;
const model = EXAMPLE_MODELS.library!;
const timeZone = model.properties.timeZone;

/** A calendar date moved by whole days. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The library: one copy per book, blocked members, renewals, fines waived with a reason. */
export const libraryScenario: LifecycleScenario = {
  name: 'library',
  model,
  overrides: libraryCases.overrides,
  entities: {
    Loan: {
      creator: 'member',
      rows: {
        prepare: {
          pass: {},
          fails: [
            {
              name: 'the book is already out',
              prepare: async ({ h, world, record }) => {
                const other = await h.make('Loan', world.actors.member2!, { book: record.book });
                await h.setState('Loan', other.id, 'ready');
              },
            },
          ],
        },
        lend: {
          pass: {},
          sets: ({ now }) => ({
            borrowedAt: now.toISOString(),
            dueOn: plusDays(dateIn(now.getTime(), timeZone), 21),
          }),
          fails: [
            {
              name: 'a suspended member',
              prepare: async ({ h, world }) => {
                await h.patch('User', world.actors.member!.id, { suspended: true });
              },
            },
            {
              name: 'a member with an unpaid fine',
              prepare: async ({ h, world }) => {
                const member = world.actors.member!;
                const lent = await h.make('Loan', member);
                await h.setState('Loan', lent.id, 'borrowed');
                await h.make('Fine', world.actors.librarian!, { loan: lent.id });
              },
            },
          ],
        },
        renew: {
          pass: {},
          sets: ({ record }) => ({
            dueOn: plusDays(record.dueOn as string, 21),
            renewals: (record.renewals as number) + 1,
          }),
          also: [{ name: 'by a librarian', by: 'librarian' }],
          fails: [
            {
              name: 'an overdue loan',
              at: ({ record }) =>
                new Date(Date.parse(`${record.dueOn as string}T12:00:00Z`) + 2 * DAY),
            },
            {
              name: 'a loan renewed twice already',
              prepare: async ({ h, world, record }) => {
                const renew = h.lifecycle('Loan');
                const member = h.lctx(world.actors.member!);
                await renew.transition(member, record.id as string, 'renew', {});
                await renew.transition(member, record.id as string, 'renew', {});
              },
            },
          ],
        },
        return: { pass: {}, sets: ({ now }) => ({ returnedAt: now.toISOString() }) },
        cancel: { pass: {}, also: [{ name: 'by a librarian', by: 'librarian' }] },
      },
    },
    Fine: {
      creator: 'librarian',
      rows: {
        pay: { pass: {}, sets: ({ now }) => ({ paidAt: now.toISOString() }) },
        waive: {
          pass: { by: 'admin', input: () => ({ reason: 'Charged by mistake' }) },
          sets: () => ({ waiveReason: 'Charged by mistake' }),
          also: [
            {
              name: 'a small fine, by a librarian',
              by: 'librarian',
              input: () => ({ reason: 'Returned on the first day' }),
              prepare: async ({ h, record }) => {
                await h.patch('Fine', record.id as string, { amount: '5.00' });
              },
            },
          ],
          fails: [
            {
              name: 'a librarian, over the waivable amount',
              by: 'librarian',
              input: () => ({ reason: 'Charged by mistake' }),
            },
            {
              name: 'too short a reason',
              by: 'admin',
              input: () => ({ reason: 'oops' }),
              refusedAt: 'reason',
            },
            { name: 'no reason', by: 'admin', input: () => ({}), refusedAt: 'reason' },
          ],
        },
      },
    },
  },
};
