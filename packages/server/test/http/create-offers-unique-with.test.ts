import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { ok, serveExample, type Person } from '../examples/support/served-example.js';

/**
 * A talk's page offers "New review" while the reader has not reviewed it: the review's reviewer is
 * the reader (`user.id`) and `unique with talk`, so a second one would clash. The offer follows
 * what the create then answers.
 */
const SPEC = specText('Reviews', {
  1: 'Talks that reviewers score, once each.',
  3: `
### Talk

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| title | text | yes      |         |       |

### Review

| Field    | Type    | Required | Default   | Rules                       |
| -------- | ------- | -------- | --------- | --------------------------- |
| talk     | → Talk  | yes      |           |                             |
| reviewer | → User  | yes      | \`user.id\` | read-only, unique with talk |
| score    | integer | yes      |           | min 1, max 5                |
`,
  6: `
| Role     | Description   | Sign-up |
| -------- | ------------- | ------- |
| reviewer | Scores talks  | default |

| Role     | Entity | Actions      | Allowed                       | Fields      |
| -------- | ------ | ------------ | ----------------------------- | ----------- |
| reviewer | Talk   | read, create | yes                           | all         |
| reviewer | Review | read         | \`record.reviewer == user.id\` | all         |
| reviewer | Review | create       | yes                           | talk, score |
`,
});

const REVIEW = 'create:Review.talk';
const model = parsed(SPEC);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'an offer a unique combination would refuse', (databases) => {
    const app = serveExample(databases, model);
    const offers = async (as: Person, talk: string) =>
      ok(await app.send(`/api/talks/${talk}?offers=create`, { as })).actions as string[];

    it('is made until the reader has one, and stays made for the others', async () => {
      const ann = await app.person(['reviewer']);
      const bob = await app.person(['reviewer']);
      const send = (as: Person, url: string, body: Record<string, unknown>) =>
        app.send(url, { method: 'POST', as, body });
      const talk = ok(await send(ann, '/api/talks', { title: 'CEL' }), 201).id as string;
      expect(await offers(ann, talk)).toEqual([REVIEW]);
      ok(await send(ann, '/api/reviews', { talk, score: 4 }), 201);
      expect(await offers(ann, talk)).toEqual([]);
      const second = await send(ann, '/api/reviews', { talk, score: 5 });
      expect(second.json()).toMatchObject({
        code: 'ALREADY_TAKEN',
        detail: 'Reviewer is already used by another review with the same talk.',
      });
      expect(await offers(bob, talk)).toEqual([REVIEW]);
    });
  });
}
