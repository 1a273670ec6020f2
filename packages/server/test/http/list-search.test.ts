import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

/**
 * A list's `q` searches the text fields the caller may read on every record, in the database's
 * full-text index, and `total=true` counts what matches. Agents read every ticket; customers read
 * the tickets that are not private, and never the agents' notes.
 */
const SPEC = specText('Search', {
  1: `
Tickets to find again.
`,
  3: `
### Ticket

| Field    | Type                     | Required | Default | Rules |
| -------- | ------------------------ | -------- | ------- | ----- |
| title    | text                     | yes      |         |       |
| body     | long text                | no       |         |       |
| contact  | email                    | no       |         |       |
| notes    | text                     | no       |         |       |
| priority | one of low, normal, high | yes      | normal  |       |
| private  | boolean                  | yes      | false   |       |
`,
  6: `
| Role     | Description        | Sign-up |
| -------- | ------------------ | ------- |
| customer | Asks for help      | default |
| agent    | Helps              | no      |

| Role     | Entity | Actions | Allowed             | Fields             |
| -------- | ------ | ------- | ------------------- | ------------------ |
| customer | Ticket | read    | \`!record.private\` | all except notes   |
| agent    | *      | *       | yes                 | all                |
`,
});

type Page = { items: { id: string; title: string }[]; nextCursor?: string; total?: number };

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a list searched with q, with its total', (databases) => {
    const server = useSignedInServer(databases, parsed(SPEC), {
      ann: ['agent'],
      cat: ['customer'],
    });
    const ids: Record<string, string> = {};
    const post = async (body: Record<string, unknown>) => {
      const answer = await server.send('ann', 'POST', '/api/tickets', body);
      expect(answer.statusCode, answer.body).toBe(201);
      ids[body.title as string] = answer.json<{ id: string }>().id;
    };
    const page = async (who: string, query: string) => {
      const answer = await server.send(who, 'GET', `/api/tickets?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Page>();
    };
    const found = async (who: string, q: string, more = '') =>
      (await page(who, `q=${encodeURIComponent(q)}&sort=title${more}`)).items.map((t) => t.title);

    beforeAll(async () => {
      await post({ title: 'Printer jammed', body: 'Paper stuck in tray two', priority: 'high' });
      await post({ title: 'Screen flickers', body: 'Since the printer driver update' });
      await post({ title: 'Password reset', contact: 'alice@example.com', priority: 'low' });
      await post({ title: 'Slow network', notes: 'zebra cable suspected' });
      await post({ title: 'Confidential merger', private: true, priority: 'high' });
      for (let i = 1; i <= 5; i++)
        await post({ title: `Toner ${i}`, body: 'Toner is low', priority: i % 2 ? 'high' : 'low' });
    }, 60_000);

    it('finds by a word in any text field, whatever its case, and by the start of the last', async () => {
      expect(await found('ann', 'printer')).toEqual(['Printer jammed', 'Screen flickers']);
      expect(await found('ann', 'PRIN')).toEqual(['Printer jammed', 'Screen flickers']);
      expect(await found('ann', 'jammed prin')).toEqual(['Printer jammed']);
      // Every word must be there, each in any field: one in the title, one in the body.
      expect(await found('ann', 'printer tray')).toEqual(['Printer jammed']);
      // Only the last word is a start: `prin` alone as a first word is not `printer`.
      expect(await found('ann', 'prin jammed')).toEqual([]);
      expect(await found('ann', 'example')).toEqual(['Password reset']);
      expect(await found('ann', 'alice@example.com')).toEqual(['Password reset']);
    });

    it('never looks in a field the caller may not read', async () => {
      expect(await found('ann', 'zebra')).toEqual(['Slow network']);
      expect(await found('cat', 'zebra')).toEqual([]);
      expect((await page('cat', 'q=zebra&total=true')).total).toBe(0);
      // The same record is found by what the customer can see of it.
      expect(await found('cat', 'slow')).toEqual(['Slow network']);
    });

    it('never finds a record the caller may not read', async () => {
      expect(await found('ann', 'merger')).toEqual(['Confidential merger']);
      expect(await found('cat', 'merger')).toEqual([]);
      expect((await page('cat', 'q=merger&total=true')).total).toBe(0);
    });

    it('combines with field=value, filter, sort and paging, and counts what matches', async () => {
      const titles: string[] = [];
      let query = 'q=toner&priority=high&sort=-title&limit=2&total=true';
      for (;;) {
        const answer = await page('cat', query);
        expect(answer.total).toBe(3);
        titles.push(...answer.items.map((t) => t.title));
        if (!answer.nextCursor) break;
        query = `q=toner&priority=high&sort=-title&limit=2&total=true&cursor=${encodeURIComponent(answer.nextCursor)}`;
      }
      expect(titles).toEqual(['Toner 5', 'Toner 3', 'Toner 1']);
      const filter = encodeURIComponent('record.title != "Toner 3"');
      expect(await found('cat', 'toner', `&filter=${filter}`)).toEqual([
        'Toner 1',
        'Toner 2',
        'Toner 4',
        'Toner 5',
      ]);
    });

    it('answers a total only when asked, with the permissions and filters applied', async () => {
      expect((await page('ann', 'limit=1')).total).toBeUndefined();
      expect((await page('ann', 'limit=1&total=true')).total).toBe(10);
      expect((await page('cat', 'limit=1&total=true')).total).toBe(9);
      expect((await page('cat', 'priority=high&total=true')).total).toBe(4);
      expect((await page('ann', 'priority=high&total=false')).total).toBeUndefined();
    });

    it('follows the records as they change', async () => {
      const id = ids['Screen flickers']!;
      const changed = await server.send('ann', 'PATCH', `/api/tickets/${id}`, {
        body: 'Since the graphics driver update',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await found('ann', 'printer')).toEqual(['Printer jammed']);
      expect(await found('ann', 'graphics')).toEqual(['Screen flickers']);
      // A change to a field that is not searched keeps the words as they were.
      const moved = await server.send('ann', 'PATCH', `/api/tickets/${id}`, { priority: 'high' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await found('ann', 'graphics')).toEqual(['Screen flickers']);
      const gone = await server.send('ann', 'DELETE', `/api/tickets/${id}`);
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await found('ann', 'graphics')).toEqual([]);
    });

    it('reads search syntax and punctuation as plain words, never as a query', async () => {
      for (const q of [
        '"printer" OR NEAR(jam',
        'title:printer',
        '{title} : printer*',
        "printer'); DROP TABLE tickets; --",
        '-printer',
        'printer & !jam | :*',
        '\\',
      ]) {
        const answer = await server.send('ann', 'GET', `/api/tickets?q=${encodeURIComponent(q)}`);
        expect(answer.statusCode, `${q}: ${answer.body}`).toBe(200);
      }
      // `title:printer` is the words title and printer: no ticket has both.
      expect(await found('ann', 'title:printer')).toEqual([]);
      expect(await found('ann', '"printer" jam*')).toEqual(['Printer jammed']);
      // Nothing but punctuation searches for nothing: the list is as without q.
      const all = await page('ann', 'total=true&limit=1');
      expect((await page('ann', 'q=%22%3A*%28%29&total=true&limit=1')).total).toBe(all.total);
      const tables = await sql`SELECT COUNT(*) AS n FROM tickets`.execute(server.store().db);
      expect(tables.rows).toHaveLength(1);
    });

    it('refuses too long a search, too many words, a q given twice and a total that is not true', async () => {
      for (const [query, says] of [
        [`q=${'a'.repeat(201)}`, 'q: search for at most 200 characters'],
        [`q=${encodeURIComponent('a b c d e f g h i j k')}`, 'q: search for at most 10 words'],
        ['q=a&q=b', 'q is given more than once'],
        ['total=yes', 'total: give true'],
      ]) {
        const answer = await server.send('ann', 'GET', `/api/tickets?${query}`);
        expect(answer.statusCode, query).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
        expect(answer.json<{ detail: string }>().detail).toContain(says);
      }
    });
  });
}
