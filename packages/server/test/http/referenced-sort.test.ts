import { beforeAll, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

/**
 * `sort=project.name` sorts tasks by the name of the project each refers to; members may read
 * open projects only, and not their budget, and private tasks not at all. A referenced record the
 * reader may not read sorts as an empty reference, so the order tells nothing of it.
 */
const SPEC = specText('Tasks', {
  1: `
Tasks filed under projects.
`,
  3: `
### Project

| Field  | Type    | Required | Default | Rules  |
| ------ | ------- | -------- | ------- | ------ |
| name   | text    | yes      |         | unique |
| budget | integer | no       |         |        |
| open   | boolean | yes      | true    |        |

### Task

| Field   | Type      | Required | Default | Rules |
| ------- | --------- | -------- | ------- | ----- |
| title   | text      | yes      |         |       |
| project | → Project | no       |         |       |
| parent  | → Task    | no       |         |       |
| private | boolean   | yes      | false   |       |
`,
  6: `
| Role   | Description   | Sign-up |
| ------ | ------------- | ------- |
| member | Does the work | default |
| admin  | Runs it       | no      |

| Role   | Entity  | Actions | Allowed            | Fields |
| ------ | ------- | ------- | ------------------ | ------ |
| member | Project | read    | \`record.open\`      | name   |
| member | Task    | read    | \`!record.private\`  | all    |
| admin  | *       | *       | yes                | all    |
`,
});

type Page = { items: { id: string; title: string }[]; nextCursor?: string };

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a list sorted by a field of a referenced record', (databases) => {
    const server = useSignedInServer(databases, parsed(SPEC), { ann: ['admin'], bob: ['member'] });
    const post = async (url: string, body: Record<string, unknown>) => {
      const answer = await server.send('ann', 'POST', url, body);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: string }>().id;
    };
    const titles = async (who: string, sort: string) => {
      const answer = await server.send(who, 'GET', `/api/tasks?sort=${sort}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Page>().items.map((t) => t.title);
    };
    /** Every page of one at a time, following the cursors. */
    const paged = async (who: string, sort: string) => {
      const out: string[] = [];
      let query = `?sort=${sort}&limit=1`;
      for (;;) {
        const answer = await server.send(who, 'GET', `/api/tasks${query}`);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = answer.json<Page>();
        out.push(...page.items.map((t) => t.title));
        if (!page.nextCursor) return out;
        query = `?sort=${sort}&limit=1&cursor=${encodeURIComponent(page.nextCursor)}`;
      }
    };

    beforeAll(async () => {
      const alpha = await post('/api/projects', { name: 'Alpha', budget: 3 });
      const beta = await post('/api/projects', { name: 'Beta', budget: 1, open: false });
      const gamma = await post('/api/projects', { name: 'Gamma', budget: 2 });
      const six = await post('/api/tasks', { title: 'six', private: true });
      await post('/api/tasks', { title: 'one', project: gamma, parent: six });
      const two = await post('/api/tasks', { title: 'two', project: alpha });
      await post('/api/tasks', { title: 'three', project: beta });
      await post('/api/tasks', { title: 'four' });
      const five = await post('/api/tasks', { title: 'five', project: alpha });
      const moved = await server.send('ann', 'PATCH', `/api/tasks/${two}`, { parent: five });
      expect(moved.statusCode, moved.body).toBe(200);
    }, 60_000);

    it('sorts by the referenced field, empty references first, ties by id', async () => {
      expect(await titles('ann', 'project.name')).toEqual([
        'six',
        'four',
        'two',
        'five',
        'three',
        'one',
      ]);
      expect(await titles('ann', '-project.name')).toEqual([
        'one',
        'three',
        'two',
        'five',
        'six',
        'four',
      ]);
      expect(await titles('ann', 'project.budget,title')).toEqual([
        'four',
        'six',
        'three',
        'one',
        'five',
        'two',
      ]);
    });

    it('sorts a referenced record the reader may not read as an empty reference', async () => {
      // Beta is closed: bob sees task three, and that it refers to something, not its name.
      expect(await titles('bob', 'project.name')).toEqual(['three', 'four', 'two', 'five', 'one']);
      expect(await titles('bob', '-project.name')).toEqual(['one', 'two', 'five', 'three', 'four']);
    });

    it('follows a reference to the same entity, with the reader’s condition on it', async () => {
      // One's parent is six, which is private to bob; two's parent is five.
      expect(await titles('ann', 'parent.title')).toEqual([
        'six',
        'three',
        'four',
        'five',
        'two',
        'one',
      ]);
      expect(await titles('bob', 'parent.title')).toEqual(['one', 'three', 'four', 'five', 'two']);
    });

    it('pages with its cursor, every record once and in order', async () => {
      for (const [who, sort] of [
        ['ann', 'project.name'],
        ['bob', '-project.name'],
        ['bob', 'parent.title'],
      ] as const)
        expect(await paged(who, sort), `${who} ${sort}`).toEqual(await titles(who, sort));
    });

    it('refuses a referenced field the reader may not read, or that is not one', async () => {
      for (const sort of ['project.budget', 'project.nothing', 'title.x', 'project.name.x']) {
        const answer = await server.send('bob', 'GET', `/api/tasks?sort=${sort}`);
        expect(answer.statusCode, sort).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
      }
    });

    it('refuses a cursor of another sort', async () => {
      const first = await server.send('bob', 'GET', '/api/tasks?sort=project.name&limit=1');
      const cursor = encodeURIComponent(first.json<Page>().nextCursor!);
      const answer = await server.send('bob', 'GET', `/api/tasks?sort=project&cursor=${cursor}`);
      expect(answer.statusCode).toBe(400);
    });
  });
}
