import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { problemOf, useHttpHarness } from './support/http-harness.js';

/**
 * `exists`, `all` and `exists_one` over a record's list of references, and the ASCII string
 * methods, run in the database: in a rule (the list given with the record as it would be saved)
 * and in a computed value (the list read from its table).
 */
const SPEC = specText('Articles', {
  1: `
Articles with tags.
`,
  3: `
### Tag

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| name  | text | yes      |         |       |

### Article

| Field     | Type        | Required | Default | Rules |
| --------- | ----------- | -------- | ------- | ----- |
| title     | text        | yes      |         |       |
| tags      | list of Tag | no       |         |       |
| isPublic  | boolean     | no       |         | computed \`record.tags.exists(t, t.name.lowerAscii() == "public")\` |
| oneNews   | boolean     | no       |         | computed \`record.tags.exists_one(t, t.name.trim() == "news")\` |
| allShort  | boolean     | no       |         | computed \`record.tags.all(t, size(t.name) <= 6)\` |
`,
  5: `
| Entity  | Rule                                                   | Error      | On             |
| ------- | ------------------------------------------------------ | ---------- | -------------- |
| Article | \`record.tags.all(t, t.name.upperAscii() != "BANNED")\` | BANNED_TAG | create, update |
`,
  8: `
| Code       | Status | Message                          |
| ---------- | ------ | -------------------------------- |
| BANNED_TAG | 422    | One of the tags may not be used. |
`,
});

type Body = Record<string, unknown>;

describe('a specification with macros over lists', () => {
  it('checks clean', () => {
    expect(parsed(SPEC)).toBeDefined();
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'macros over a list of references', (databases) => {
    const h = useHttpHarness(databases, parsed(SPEC), {});
    let ana: Actor;
    const tag: Record<string, string> = {};
    const create = async (entity: string, body: Body) =>
      h.send({ method: 'POST', url: h.call('create', entity)!.path, body, actor: ana });

    it('refuses a record whose list holds a banned tag, whatever its case', async () => {
      ana = await h.actor();
      for (const name of ['PUBLIC', 'news', ' news ', 'Banned', 'longname'])
        tag[name] = (await create('Tag', { name })).json<Body>().id as string;
      const refused = await create('Article', { title: 'No', tags: [tag.PUBLIC, tag.Banned] });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(problemOf(refused).code).toBe('BANNED_TAG');
    });

    it('works out exists, exists_one and all from the list’s table, and filters by them', async () => {
      const made = async (title: string, tags: string[]) => {
        const response = await create('Article', { title, tags });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<Body>();
      };
      expect(await made('Open', [tag.PUBLIC!, tag.news!])).toMatchObject({
        isPublic: true,
        oneNews: true,
        allShort: true,
      });
      expect(await made('Twice', [tag.news!, tag[' news ']!, tag.longname!])).toMatchObject({
        isPublic: false,
        oneNews: false,
        allShort: false,
      });
      expect(await made('Empty', [])).toMatchObject({
        isPublic: false,
        oneNews: false,
        allShort: true,
      });
      const list = h.call('list', 'Article')!;
      const titles = async (filter: string) => {
        const url = `${list.path}?sort=title&filter=${encodeURIComponent(filter)}`;
        const response = await h.send({ url, actor: ana });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ items: Body[] }>().items.map((a) => a.title);
      };
      expect(await titles('record.isPublic')).toEqual(['Open']);
      expect(await titles('record.allShort && !record.oneNews')).toEqual(['Empty']);
    });
  });
}
