import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { countPins } from '../../src/rules/count-pins.js';
import { countNeeds } from '../../src/store/derived-indexes/count-needs.js';
import { useHttpHarness } from '../http/support/http-harness.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { specText } from '../support/parsed-model.js';

// Aggregates where count() is: a rule (a sum of durations against a cap, under concurrency), a
// guard (an average) and a data-dependent initial state (a sum of money).
const SPEC = specText('Jobs', {
  1: 'Jobs and the hours booked on them.\n\n- Currency: EUR',
  3: `
### Job

| Field  | Type  | Required | Default | Rules |
| ------ | ----- | -------- | ------- | ----- |
| title  | text  | yes      |         |       |
| budget | money | yes      |         |       |
| status | state |          |         |       |

### Booking

| Field | Type    | Required | Default | Rules |
| ----- | ------- | -------- | ------- | ----- |
| job   | → Job   | yes      |         |       |
| hours | integer | yes      |         |       |
| cost  | money   | yes      |         |       |
| score | decimal | no       |         |       |
| state | state   |          |         |       |
`,
  4: `
### Job

- States: open, closed
- Initial: open

| From | Action | To     | Who       | When | Sets | Error |
| ---- | ------ | ------ | --------- | ---- | ---- | ----- |
| open | close  | closed | signed-in | \`avg(Booking, b, b.score, b.job == record.id) >= 3.5\` | | LOW_SCORE |

### Booking

- States: held, over
- Initial: over when \`sum(Booking, b, b.cost, b.job == record.job) + record.cost > record.job.budget\`, else held

| From | Action | To   | Who       | When | Sets | Error |
| ---- | ------ | ---- | --------- | ---- | ---- | ----- |
| over | accept | held | signed-in |      |      |       |
`,
  5: `
| Entity  | Rule | Error | On |
| ------- | ---- | ----- | -- |
| Booking | \`sum(Booking, b, hours(b.hours), b.job == record.job && b.id != record.id) + hours(record.hours) <= duration(MAX_HOURS)\` | TOO_MANY_HOURS | create, update |
`,
  8: `
| Code           | Status | Message                                |
| -------------- | ------ | -------------------------------------- |
| TOO_MANY_HOURS | 422    | A job takes at most 48 hours of work.  |
| LOW_SCORE      | 409    | A job closes once its bookings score well. |
`,
  9: `
| Name      | Value | Meaning                   |
| --------- | ----- | ------------------------- |
| MAX_HOURS | 48h   | The hours a job may take. |
`,
});

const parsed = parseSpec(SPEC);
const model = parsed.model!;

describe('aggregates in rules, guards and initial states', () => {
  it('check clean', () => {
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('take the turns and the indexes a count with the same pin takes', () => {
    const rule = model.rules[0]!;
    expect(countPins(rule.rule.source, model, { entity: 'Booking', hasOld: true })).toEqual([
      { counted: 'Booking', pinned: { field: 'job', from: { root: 'record', field: 'job' } } },
    ]);
    const needs = countNeeds(model).filter((n) => n.entity === 'Booking');
    expect(needs.map((n) => [n.equal, n.why])).toContainEqual([
      ['job'],
      'sum() of rule TOO_MANY_HOURS',
    ]);
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'aggregates in rules, guards and initial states', (databases) => {
    const h = useHttpHarness(databases, model, {});
    let ana: Actor;
    const create = (entity: string, body: Record<string, unknown>) =>
      h.send({ method: 'POST', url: h.call('create', entity)!.path, body, actor: ana });

    it('refuses the booking that takes a job past its hours, racing ones included', async () => {
      ana = await h.actor();
      const job = (await create('Job', { title: 'Roof', budget: '100.00' })).json<{ id: string }>();
      const tries = await Promise.all(
        Array.from({ length: 8 }, () => create('Booking', { job: job.id, hours: 10, cost: '1' })),
      );
      const codes = tries.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 201, 422, 422, 422, 422]);
      const refused = tries.find((r) => r.statusCode === 422)!;
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_HOURS' });
      const fits = await create('Booking', { job: job.id, hours: 8, cost: '1' });
      expect(fits.statusCode, fits.body).toBe(201);
    });

    it('chooses the initial state by a sum of money', async () => {
      const job = (await create('Job', { title: 'Deck', budget: '10.00' })).json<{ id: string }>();
      const first = await create('Booking', { job: job.id, hours: 1, cost: '6.00' });
      expect(first.json()).toMatchObject({ state: 'held' });
      const second = await create('Booking', { job: job.id, hours: 1, cost: '4.00' });
      expect(second.json()).toMatchObject({ state: 'held' });
      const third = await create('Booking', { job: job.id, hours: 1, cost: '0.01' });
      expect(third.json()).toMatchObject({ state: 'over' });
    });

    it('guards a transition by an average, null when nothing is scored', async () => {
      const job = (await create('Job', { title: 'Wall', budget: '10.00' })).json<{ id: string }>();
      const close = h.calls.find(
        (c) => c.operation.kind === 'transition' && c.operation.action === 'close',
      )!;
      const closeJob = () =>
        h.send({ method: 'POST', url: h.path(close, job.id), body: {}, actor: ana });
      const unscored = await closeJob();
      expect(unscored.statusCode).toBe(409);
      expect(unscored.json()).toMatchObject({ code: 'LOW_SCORE' });
      await create('Booking', { job: job.id, hours: 1, cost: '1', score: '3' });
      await create('Booking', { job: job.id, hours: 1, cost: '1', score: '4.1' });
      await create('Booking', { job: job.id, hours: 1, cost: '1' });
      // (3 + 4.1) / 2 = 3.55: the booking without a score is left out.
      const closed = await closeJob();
      expect(closed.statusCode, closed.body).toBe(200);
    });
  });
}
