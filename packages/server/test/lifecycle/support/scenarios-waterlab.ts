import { entityTableName } from '../../../src/store/naming.js';
import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import type { Overrides } from '../../operations/support/harness.js';
import { nextNumber } from '../../operations/support/sample-values.js';
import type { Attempt, LifecycleScenario } from './scenario.js';

const HOUR = 3_600_000;
const hoursAgo = (n: number) => new Date(Date.now() - n * HOUR).toISOString();

/** Valid records of the water lab: a client's batch, samples taken an hour ago, measurements. */
const overrides: Overrides = {
  Client: () => ({
    name: `Client ${nextNumber()}`,
    contactEmail: 'lab@client.example',
    phone: '+44 20 1234',
  }),
  Sample: () => ({ label: `S${nextNumber()}`, takenAt: hoursAgo(1) }),
  Measurement: async (h, actor) => {
    const sample = await h.make('Sample', actor);
    await h.setState('Sample', sample.id as string, 'analysing');
    return { sample: sample.id, parameter: 'ph', value: '7.0' };
  },
};

/** Measurements of the sample being tried, as a technician records them. */
function measured(values: Record<string, string>): NonNullable<Attempt['prepare']> {
  return async ({ h, world, record }) => {
    for (const [parameter, value] of Object.entries(values))
      await h.make('Measurement', world.actors.technician!, {
        sample: record.id,
        parameter,
        value,
      });
  };
}

/**
 * The water lab (examples/waterlab.spec.md): a batch is reported once no sample waits, a sample
 * passes on enough measurements with little lead, and the system expires one kept too long.
 */
export const waterlabScenario: LifecycleScenario = {
  name: 'waterlab',
  model: EXAMPLE_MODELS.waterlab!,
  overrides,
  entities: {
    Batch: {
      creator: 'technician',
      rows: {
        report: {
          pass: {},
          sets: ({ now }) => ({ reportedAt: now.toISOString() }),
          fails: [
            {
              name: 'a sample still waits',
              prepare: async ({ h, world, record }) => {
                await h.make('Sample', world.actors.technician!, { batch: record.id });
              },
            },
          ],
        },
        cancel: { pass: {} },
      },
    },
    Sample: {
      creator: 'technician',
      rows: {
        start: { pass: {} },
        pass: {
          pass: { prepare: measured({ ph: '7.2', lead: '0.004' }) },
          fails: [
            { name: 'one measurement only', prepare: measured({ ph: '7.2' }) },
            { name: 'lead over the limit', prepare: measured({ ph: '7.2', lead: '0.05' }) },
          ],
        },
        fail: { pass: {} },
        expire: {
          pass: {
            // Written beside the API, as time passing would: the record's version stays.
            prepare: async ({ h, record }) => {
              const samples = h.model.entities.find((e) => e.name === 'Sample')!;
              await h
                .store()
                .db.updateTable(entityTableName(samples))
                .set({ takenAt: hoursAgo(49) })
                .where('id', '=', record.id as string)
                .execute();
            },
          },
          fails: [{ name: 'within its holding time' }],
        },
      },
    },
  },
};
