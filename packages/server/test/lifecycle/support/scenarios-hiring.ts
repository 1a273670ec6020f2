import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import { nextNumber } from '../../operations/support/sample-values.js';
import type { LifecycleScenario } from './scenario.js';

// hiring.spec.md, written from the reference alone: its own suite (test/examples/hiring.test.ts)
// takes it over HTTP as its clients do; here its rows join every other example's.

/** Applications: hired while the job is open, rejected with a reason, made active again. */
export const hiringScenario: LifecycleScenario = {
  name: 'hiring',
  model: EXAMPLE_MODELS.hiring!,
  overrides: {
    Candidate: () => ({ firstName: 'Ada', lastName: `Lovelace ${nextNumber()}` }),
    Job: () => ({ title: `Engineer ${nextNumber()}` }),
    Application: async (h, actor) => ({
      candidate: (await h.make('Candidate', actor)).id,
      job: (await h.make('Job', actor)).id,
    }),
  },
  entities: {
    Application: {
      creator: 'recruiter',
      rows: {
        hire: {
          pass: {},
          sets: ({ now }) => ({ hiredAt: now.toISOString() }),
          fails: [
            {
              name: 'for a closed job',
              prepare: async ({ h, record }) => {
                await h.patch('Job', record.job as string, { status: 'closed' });
              },
            },
          ],
        },
        reject: {
          pass: { input: () => ({ reason: 'Not a fit' }) },
          sets: ({ now }) => ({ rejectionReason: 'Not a fit', rejectedAt: now.toISOString() }),
          fails: [
            { name: 'no reason', input: () => ({}), refusedAt: 'reason' },
            { name: 'an empty reason', input: () => ({ reason: '' }), refusedAt: 'reason' },
          ],
        },
        unreject: { pass: {}, sets: () => ({ rejectionReason: null, rejectedAt: null }) },
      },
    },
  },
};
