import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

/** Members may read only the name of other users: not createdAt, the usual default sort. */
const SPEC = specText('Club', {
  1: `
A club's members.
`,
  6: `
| Role   | Description      | Sign-up |
| ------ | ---------------- | ------- |
| member | Belongs to it    | default |
| admin  | Runs it          | no      |

| Role   | Entity | Actions | Allowed | Fields |
| ------ | ------ | ------- | ------- | ------ |
| member | User   | read    | yes     | name   |
| admin  | *      | *       | yes     | all    |
`,
});

type Page = { items: { id: string; name: string }[]; nextCursor?: string };

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the default sort of a list', (databases) => {
    const server = useSignedInServer(databases, parsed(SPEC), {
      ann: ['admin'],
      bob: ['member'],
      cat: ['member'],
    });
    const list = (who: string, query = '') => server.send(who, 'GET', `/api/users${query}`);

    it('is newest first for a caller who may read createdAt', async () => {
      const answer = await list('ann');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<Page>().items.map((u) => u.name)).toEqual(['cat', 'bob', 'ann']);
    });

    it('is by id, newest first as ids are, for a caller who may not read createdAt', async () => {
      const answer = await list('bob');
      expect(answer.statusCode, answer.body).toBe(200);
      const { items } = answer.json<Page>();
      expect(items.map((u) => u.name)).toEqual(['cat', 'bob', 'ann']);
      for (const item of items) expect(item).not.toHaveProperty('createdAt');
    });

    it('pages with its cursor, every record once', async () => {
      const names: string[] = [];
      let query = '?limit=1';
      for (;;) {
        const answer = await list('bob', query);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = answer.json<Page>();
        names.push(...page.items.map((u) => u.name));
        if (!page.nextCursor) break;
        query = `?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`;
      }
      expect(names).toEqual(['cat', 'bob', 'ann']);
    });

    it('still refuses an explicit sort by a field the caller may not read', async () => {
      for (const sort of ['createdAt', '-createdAt']) {
        const answer = await list('bob', `?sort=${sort}`);
        expect(answer.statusCode, sort).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
        expect(answer.json<{ detail: string }>().detail).toContain('createdAt');
      }
    });
  });
}
