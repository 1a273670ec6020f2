import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { useHttpHarness } from '../http/support/http-harness.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { specText } from '../support/parsed-model.js';

// Parts that make no date are a refusal with a code (4xx), never a failure of the server.
const SPEC = specText('Courses', {
  1: 'Courses that start on the first of a month.',
  3: `
### Course

| Field    | Type    | Required | Default   | Rules |
| -------- | ------- | -------- | --------- | ----- |
| year     | integer | yes      |           |       |
| month    | integer | yes      |           |       |
| startsOn | date    | yes      | \`today()\` |       |
| status   | state   |          |           |       |
`,
  4: `
### Course

- States: draft, scheduled
- Initial: draft

| From  | Action   | To        | Who       | When | Sets                                         | Error |
| ----- | -------- | --------- | --------- | ---- | -------------------------------------------- | ----- |
| draft | schedule | scheduled | signed-in |      | startsOn = \`date(record.year, record.month, 1)\` |       |
`,
  5: `
| Entity | Rule                                                   | Error     | On             |
| ------ | ------------------------------------------------------ | --------- | -------------- |
| Course | \`date(record.year, record.month, 1) >= date(2000, 1, 1)\` | BAD_MONTH | create         |
`,
  8: `
| Code      | Status | Message                                   |
| --------- | ------ | ----------------------------------------- |
| BAD_MONTH | 422    | A course starts in a month from 2000 on.  |
`,
});

const parsed = parseSpec(SPEC);

describe('a specification with dates from their parts', () => {
  it('checks clean', () => {
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'dates from their parts over HTTP', (databases) => {
    const h = useHttpHarness(databases, parsed.model!, {});
    let ana: Actor;
    const create = (body: Record<string, unknown>) =>
      h.send({ method: 'POST', url: h.call('create', 'Course')!.path, body, actor: ana });

    it('refuses a record whose parts make no date with the rule`s code', async () => {
      ana = await h.actor();
      const bad = await create({ year: 2025, month: 13 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ code: 'BAD_MONTH' });
      expect((await create({ year: 2025, month: 2 })).statusCode).toBe(201);
    });

    it('refuses a Set of no date into a required field, and sets a real one', async () => {
      const schedule = h.calls.find(
        (c) => c.operation.kind === 'transition' && c.operation.action === 'schedule',
      )!;
      const course = (await create({ year: 2025, month: 2 })).json<{ id: string }>();
      const update = h.call('update', 'Course')!;
      // Month 14 passes no rule on update (the rule runs on create): the Set must refuse it.
      const changed = await h.send({
        method: update.method,
        url: h.path(update, course.id),
        body: { month: 14 },
        actor: ana,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const refused = await h.send({
        method: 'POST',
        url: h.path(schedule, course.id),
        body: {},
        actor: ana,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      await h.send({
        method: update.method,
        url: h.path(update, course.id),
        body: { month: 2 },
        actor: ana,
      });
      const done = await h.send({
        method: 'POST',
        url: h.path(schedule, course.id),
        body: {},
        actor: ana,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ startsOn: '2025-02-01', status: 'scheduled' });
    });
  });
}
