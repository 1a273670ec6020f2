import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import { nextNumber } from '../../operations/support/sample-values.js';
import type { LifecycleScenario, Moment } from './scenario.js';

// The examples written from the reference alone (issue 20): courts, requisitions, projects.
// Their own suites (test/examples) take them over HTTP; here their rows join every other's.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Every court session starts at this instant, each on a court of its own.
const STARTS = Date.parse('2999-01-01T10:00:00Z');

/** Court bookings: confirm while a place is left, cancel a day ahead, check in near the start. */
export const courtsScenario: LifecycleScenario = {
  name: 'courts',
  model: EXAMPLE_MODELS.courts!,
  overrides: {
    Court: () => ({ name: `Court ${nextNumber()}`, hourlyFee: '20.00' }),
    Session: async (h, actor) => ({
      court: (await h.make('Court', actor)).id,
      startsAt: new Date(STARTS).toISOString(),
    }),
    Booking: async (h, actor) => ({ session: (await h.make('Session', actor)).id }),
  },
  entities: {
    Booking: {
      creator: 'member',
      rows: {
        confirm: {
          pass: {},
          sets: ({ now }) => ({ confirmedAt: now.toISOString() }),
          also: [{ name: 'by the coach', by: 'coach' }],
          fails: [
            {
              name: 'a full session',
              prepare: async ({ h, world, record }) => {
                const other = await h.make('Booking', world.actors.member2!, {
                  session: record.session,
                });
                await h.setState('Booking', other.id, 'confirmed');
                await h.patch('Session', record.session as string, { places: 1 });
              },
            },
          ],
        },
        leave: { pass: {}, sets: ({ now }) => ({ cancelledAt: now.toISOString() }) },
        cancel: {
          pass: {},
          sets: ({ now }) => ({ cancelledAt: now.toISOString() }),
          fails: [{ name: 'an hour before', at: () => new Date(STARTS - HOUR) }],
        },
        withdraw: {
          pass: { input: () => ({ reason: 'Rain forecast' }) },
          sets: ({ now }) => ({ cancelledAt: now.toISOString(), cancelReason: 'Rain forecast' }),
          fails: [
            { name: 'too short a reason', input: () => ({ reason: 'no' }), refusedAt: 'reason' },
            { name: 'no reason', input: () => ({}), refusedAt: 'reason' },
          ],
        },
        attend: {
          pass: { at: () => new Date(STARTS - 10 * MINUTE) },
          fails: [{ name: 'days before' }],
        },
        miss: {
          pass: { at: () => new Date(STARTS + HOUR) },
          fails: [{ name: 'before it starts' }],
        },
      },
    },
  },
};

/** Requisitions: a manager up to a limit, finance up to each controller's own, then the buyer. */
export const requisitionsScenario: LifecycleScenario = {
  name: 'requisitions',
  model: EXAMPLE_MODELS.requisitions!,
  overrides: {
    Supplier: () => ({ name: `Supplier ${nextNumber()}`, country: 'NL', approved: true }),
    Requisition: async (h, actor) => ({
      title: 'Drawing tablets',
      supplier: (await h.make('Supplier', actor)).id,
      amount: '400.00',
      justification: 'The two designers joining in May need tablets.',
      neededBy: '2999-01-01',
    }),
  },
  // `user.approvalLimit` is read from the caller's own fields; a manager reads and decides on
  // the requisitions of the people they manage, as the administrator sets them.
  setup: async (h, world) => {
    world.actors.finance!.fields = { approvalLimit: '20000.00' };
    await h.patch('User', world.actors.requester!.id, { manager: world.actors.manager!.id });
  },
  entities: {
    Requisition: {
      creator: 'requester',
      rows: {
        submit: {
          pass: {},
          fails: [
            {
              name: 'a one-word justification',
              prepare: async ({ h, record }) => {
                await h.patch('Requisition', record.id as string, { justification: 'Needed.' });
              },
            },
          ],
        },
        withdraw: { pass: {} },
        approve: {
          pass: {},
          sets: ({ world }) => ({ decidedBy: world.actors.manager!.id }),
          fails: [
            {
              name: 'over the manager limit',
              prepare: async ({ h, record }) => {
                await h.patch('Requisition', record.id as string, { amount: '1000.01' });
              },
            },
          ],
        },
        escalate: { pass: {} },
        endorse: {
          pass: {},
          sets: ({ world }) => ({ decidedBy: world.actors.finance!.id }),
          fails: [{ name: 'a controller with no limit', by: 'finance2' }],
        },
        reject: {
          pass: { input: () => ({ reason: 'We have spare tablets.' }) },
          sets: ({ world }) => ({
            decidedBy: world.actors.manager!.id,
            rejectionReason: 'We have spare tablets.',
          }),
          also: [
            { name: 'by finance', by: 'finance', input: () => ({ reason: 'Not this quarter.' }) },
          ],
          fails: [
            { name: 'too short a reason', input: () => ({ reason: 'No.' }), refusedAt: 'reason' },
            { name: 'no reason', input: () => ({}), refusedAt: 'reason' },
          ],
        },
        revise: { pass: {}, sets: () => ({ decidedBy: null, rejectionReason: null }) },
        order: {
          pass: { input: () => ({ orderNumber: 'PO-77' }) },
          sets: ({ now }) => ({ orderNumber: 'PO-77', orderedAt: now.toISOString() }),
          fails: [
            {
              name: 'too short a number',
              input: () => ({ orderNumber: 'P1' }),
              refusedAt: 'orderNumber',
            },
            { name: 'no number', input: () => ({}), refusedAt: 'orderNumber' },
          ],
        },
      },
    },
  },
};

const letters = (n: number) => {
  let text = '';
  for (let rest = n; rest > 0 || text === ''; rest = Math.floor(rest / 26))
    text = String.fromCharCode(65 + (rest % 26)) + text;
  return text;
};

/** Projects: tasks started and submitted by their assignee, reviewed by someone else. */
/**
 * Makes the second member a lead of the task's project, as section 6 asks of whoever accepts or
 * returns a task: the job walker, in that account's place, then finds Accept on the task's page.
 */
async function leadOfItsProject({ h, world, record }: Moment): Promise<void> {
  const reviewer = world.actors.member2!;
  await h.make('Membership', reviewer, {
    project: record.project,
    person: reviewer.id,
    role: 'lead',
  });
}

export const projectsScenario: LifecycleScenario = {
  name: 'projects',
  model: EXAMPLE_MODELS.projects!,
  overrides: {
    Project: () => ({ key: `P${letters(nextNumber())}`, name: 'Website' }),
    Membership: (_h, actor) => ({ person: actor.id }),
    // The project is someone else's, so that the assignee's own project limit stays clear.
    Task: async (h, actor) => {
      const owner = await h.actor();
      const project = await h.make('Project', owner);
      await h.make('Membership', owner, { project: project.id, person: actor.id, role: 'lead' });
      return { project: project.id, assignee: actor.id, title: 'Fix the footer' };
    },
  },
  entities: {
    Task: {
      creator: 'member',
      rows: {
        start: {
          pass: {},
          sets: ({ now }) => ({ startedAt: now.toISOString() }),
          fails: [
            { name: 'someone it is not assigned to', by: 'member2' },
            {
              name: 'two tasks already in progress',
              prepare: async ({ h, world, record }) => {
                for (let i = 0; i < 2; i++) {
                  const busy = await h.make('Task', world.actors.member!, {
                    project: record.project,
                  });
                  await h.setState('Task', busy.id, 'doing');
                }
              },
            },
          ],
        },
        submit: { pass: {}, fails: [{ name: 'someone else', by: 'member2' }] },
        accept: {
          pass: { by: 'member2', prepare: leadOfItsProject },
          sets: ({ now }) => ({ doneAt: now.toISOString() }),
          fails: [{ name: 'its own assignee' }],
        },
        return: {
          pass: {
            by: 'member2',
            prepare: leadOfItsProject,
            input: () => ({ comment: 'Needs tests' }),
          },
          fails: [
            {
              name: 'too short a comment',
              by: 'member2',
              input: () => ({ comment: 'no' }),
              refusedAt: 'comment',
            },
            { name: 'no comment', by: 'member2', input: () => ({}), refusedAt: 'comment' },
          ],
        },
        drop: { pass: {} },
        reopen: {
          pass: {},
          sets: ({ record }) => ({ doneAt: null, reopened: (record.reopened as number) + 1 }),
          fails: [{ name: 'eight days later', at: () => new Date(Date.now() + 8 * DAY) }],
        },
      },
    },
  },
};
