import { beforeAll, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

/**
 * `format=csv` answers a list as a CSV file: every page, with the columns asked, labels as
 * headers, plain values, references by title, under the very permissions of the list; cells are
 * escaped and kept from running as formulas, and a list longer than MAX_EXPORT_ROWS is refused.
 */
const SPEC = specText('Tasks', {
  1: `
Tasks filed under projects.
`,
  3: `
### Project

| Field | Type    | Required | Default | Rules  |
| ----- | ------- | -------- | ------- | ------ |
| name  | text    | yes      |         | unique |
| open  | boolean | yes      | true    |        |

### Task

| Field    | Type      | Required | Default | Rules |
| -------- | --------- | -------- | ------- | ----- |
| title    | text      | yes      |         |       |
| project  | → Project | no       |         |       |
| due      | date      | no       |         |       |
| estimate | decimal   | no       |         |       |
| urgent   | boolean   | yes      | false   |       |
| private  | boolean   | yes      | false   |       |
| secret   | text      | no       |         |       |
`,
  6: `
| Role   | Description   | Sign-up |
| ------ | ------------- | ------- |
| member | Does the work | default |
| admin  | Runs it       | no      |

| Role   | Entity  | Actions | Allowed            | Fields         |
| ------ | ------- | ------- | ------------------ | -------------- |
| member | Project | read    | \`record.open\`      | all            |
| member | Task    | read    | \`!record.private\`  | all except secret |
| admin  | *       | *       | yes                | all            |
`,
  9: `
| Name            | Value |
| --------------- | ----- |
| MAX_PAGE_SIZE   | 2     |
| MAX_EXPORT_ROWS | 6     |
`,
});

const COLUMNS = 'title,project,due,estimate,urgent';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a list exported as CSV', (databases) => {
    const server = useSignedInServer(databases, parsed(SPEC), { ann: ['admin'], bob: ['member'] });
    const post = async (url: string, body: Record<string, unknown>) => {
      const answer = await server.send('ann', 'POST', url, body);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: string }>().id;
    };
    const exported = async (who: string, query: string) => {
      const answer = await server.send(who, 'GET', `/api/tasks?format=csv&${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe('attachment; filename="tasks.csv"');
      expect(answer.body.startsWith('\uFEFF')).toBe(true);
      expect(answer.body.endsWith('\r\n')).toBe(true);
      return answer.body.slice(1).split('\r\n').slice(0, -1);
    };
    let closed = '';

    beforeAll(async () => {
      const open = await post('/api/projects', { name: 'Alpha, the "first"' });
      closed = await post('/api/projects', { name: 'Beta', open: false });
      await post('/api/tasks', {
        title: 'Paint the shed',
        project: open,
        due: '2025-03-01',
        estimate: '-2.5',
        urgent: true,
      });
      await post('/api/tasks', { title: '=HYPERLINK("http://evil")', project: closed });
      await post('/api/tasks', { title: 'Line one\nline two', estimate: '12' });
      await post('/api/tasks', { title: 'Hidden', private: true, secret: 'x' });
      await post('/api/tasks', { title: '@SUM(A1)' });
    }, 60_000);

    it('writes every page, labels as headers, plain values, references by title', async () => {
      expect(await exported('ann', `columns=${COLUMNS}&sort=title`)).toEqual([
        'Title,Project,Due,Estimate,Urgent',
        `"'=HYPERLINK(""http://evil"")",Beta,,,false`,
        "'@SUM(A1),,,,false",
        'Hidden,,,,false',
        '"Line one\nline two",,,12,false',
        'Paint the shed,"Alpha, the ""first""",2025-03-01,-2.5,true',
      ]);
    });

    it('shows what the list shows the reader, filtered as the list is', async () => {
      // Bob may not read private tasks, nor the closed project: it stays its id.
      expect(await exported('bob', `columns=${COLUMNS}&sort=title`)).toEqual([
        'Title,Project,Due,Estimate,Urgent',
        `"'=HYPERLINK(""http://evil"")",${closed},,,false`,
        "'@SUM(A1),,,,false",
        '"Line one\nline two",,,12,false',
        'Paint the shed,"Alpha, the ""first""",2025-03-01,-2.5,true',
      ]);
      expect(await exported('bob', 'columns=title&urgent=true')).toEqual([
        'Title',
        'Paint the shed',
      ]);
      expect(await exported('bob', 'columns=title,urgent&project=&sort=-title')).toEqual([
        'Title,Urgent',
        '"Line one\nline two",false',
        "'@SUM(A1),false",
      ]);
    });

    it('refuses columns the reader may not read, and paging, as a list refuses them', async () => {
      const refused = async (query: string, detail: RegExp) => {
        const answer = await server.send('bob', 'GET', `/api/tasks?format=csv&${query}`);
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json<{ code: string; detail: string }>()).toMatchObject({
          code: 'BAD_REQUEST',
          detail: expect.stringMatching(detail),
        });
      };
      await refused('columns=title,secret', /columns: secret is not a field of Task you can read/);
      await refused('columns=title,title', /columns: title is named twice/);
      await refused('columns=nope', /columns: nope is not a field/);
      await refused('limit=2', /limit: an export \(format=csv\) is the whole list/);
      await refused('cursor=abc&include=project', /cursor, include: an export/);
      await refused('columns=title&sort=secret', /sort: secret is not a field/);
      const format = await server.send('bob', 'GET', '/api/tasks?format=xlsx');
      expect(format.statusCode).toBe(400);
      expect(format.json<{ detail: string }>().detail).toMatch(/format: give csv/);
      // Without format, columns is no list parameter.
      const plain = await server.send('bob', 'GET', '/api/tasks?columns=title');
      expect(plain.statusCode).toBe(400);
    });

    it('refuses a list longer than MAX_EXPORT_ROWS rather than cut it short', async () => {
      await post('/api/tasks', { title: 'Sixth' });
      await post('/api/tasks', { title: 'Seventh' });
      const answer = await server.send('ann', 'GET', '/api/tasks?format=csv&columns=title');
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ code: string; detail: string }>()).toMatchObject({
        code: 'EXPORT_TOO_LARGE',
        detail: expect.stringMatching(/more than 6 tasks \(MAX_EXPORT_ROWS\)/),
      });
      // Bob sees six of the seven: his export is whole.
      expect(await exported('bob', 'columns=title')).toHaveLength(7);
    });
  });
}
