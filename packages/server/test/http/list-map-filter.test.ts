import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { problemOf, useHttpHarness } from './support/http-harness.js';

/**
 * `map` and `filter` build new lists, which the database does not: the server works them out, in
 * a rule that counts nothing (the record as it would be saved) and in a transition's Sets (the
 * record as stored, and the caller).
 */
const SPEC = specText('Articles', {
  1: `
Articles with tags, one of them the main one.
`,
  3: `
### Tag

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| name  | text | yes      |         |       |

### Article

| Field  | Type        | Required | Default | Rules     |
| ------ | ----------- | -------- | ------- | --------- |
| title  | text        | yes      |         |           |
| tags   | list of Tag | no       |         |           |
| main   | → Tag       | no       |         |           |
| others | integer     | no       |         | read-only |
| desks  | text        | no       |         | read-only |
| status | state       |          |         |           |
`,
  4: `
### Article

- States: draft, published
- Initial: draft

| From  | Action  | To        | Who       | When | Sets                                                                                                                             |
| ----- | ------- | --------- | --------- | ---- | -------------------------------------------------------------------------------------------------------------------------------- |
| draft | publish | published | signed-in |      | others = \`size(record.tags.filter(t, t != record.main))\`, desks = \`user.roles.filter(r, r.startsWith("desk")).map(r, r.upperAscii()).join(" ")\` |
`,
  5: `
| Entity  | Rule                                                                   | Error        | On             |
| ------- | ---------------------------------------------------------------------- | ------------ | -------------- |
| Article | \`record.main == null \\|\\| size(record.tags.filter(t, t == record.main)) == 1\` | MAIN_UNTAGGED | create, update |
`,
  6: `
| Role    | Description        |
| ------- | ------------------ |
| deskEu  | Edits for Europe   |
| deskUs  | Edits for America  |
| editor  | Edits              |

| Role      | Entity | Actions | Allowed | Fields |
| --------- | ------ | ------- | ------- | ------ |
| signed-in | *      | *       | yes     | all    |
`,
  8: `
| Code          | Status | Message                                 |
| ------------- | ------ | --------------------------------------- |
| MAIN_UNTAGGED | 422    | The main tag must be one of the tags.   |
`,
});

type Body = Record<string, unknown>;

describe('a specification with map and filter over lists', () => {
  it('checks clean', () => {
    expect(parsed(SPEC)).toBeDefined();
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'map and filter over lists', (databases) => {
    const h = useHttpHarness(databases, parsed(SPEC), {});
    let ana: Actor;
    const tag: Record<string, string> = {};
    const create = async (entity: string, body: Body) =>
      h.send({ method: 'POST', url: h.call('create', entity)!.path, body, actor: ana });

    it('runs a rule that filters the list the record would be saved with', async () => {
      ana = await h.actor(['deskEu', 'editor', 'deskUs']);
      for (const name of ['news', 'sport', 'weather'])
        tag[name] = (await create('Tag', { name })).json<Body>().id as string;
      const refused = await create('Article', {
        title: 'Off',
        tags: [tag.news, tag.sport],
        main: tag.weather,
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(problemOf(refused).code).toBe('MAIN_UNTAGGED');
      const saved = await create('Article', { title: 'On', tags: [tag.news], main: tag.news });
      expect(saved.statusCode, saved.body).toBe(201);
    });

    it('sets values that filter the stored list and map the caller’s roles', async () => {
      const publish = h.calls.find(
        (c) => c.operation.kind === 'transition' && c.operation.action === 'publish',
      )!;
      const body = { title: 'Three', tags: [tag.news, tag.sport, tag.weather], main: tag.sport };
      const article = (await create('Article', body)).json<Body>();
      const url = h.path(publish, article.id as string);
      const done = await h.send({ method: 'POST', url, body: {}, actor: ana });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        status: 'published',
        others: 2,
        desks: 'DESKEU DESKUS',
      });
    });
  });
}
