import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

/** A spec whose section 7 uses every kind of shape: envelopes, bare records, arrays, none. */
const SPEC = `# Specification: Notes

## 1. What the product does and for whom

Notes.

## 2. Screens and routes

Not shown.

## 3. Entities and their fields

### Note

| Field  | Type                  | Required | Default | Rules       |
| ------ | --------------------- | -------- | ------- | ----------- |
| text   | text                  | yes      |         | 1..200 chars |
| colour | one of red, green     | yes      | red     |             |
| pinned | boolean               | no       |         |             |

## 4. States and transitions

Not shown.

## 5. Validation rules

Not shown.

## 6. Roles and permissions

Not shown.

## 7. The calls it makes

| Method | Path              | Operation   | Payload                      | Response                |
| ------ | ----------------- | ----------- | ---------------------------- | ----------------------- |
| GET    | /api/notes        | list Note   |                              | Note[]                  |
| GET    | /api/board        | list Note   |                              | \`{ notes: Note[], total }\` |
| GET    | /api/notes/:id    | get Note    |                              | Note                    |
| POST   | /api/notes        | create Note | \`{ note: { text, colour? } }\` | \`{ note: Note }\`        |
| PATCH  | /api/notes/:id    | update Note | \`{ text }\`                   |                         |
| DELETE | /api/notes/:id    | delete Note |                              | \`{ note: Note }\`        |

## 8. The error catalogue

Not shown.

## 9. Business constants and limits

| Name      | Value |
| --------- | ----- |
| PAGE_SIZE | 2     |
`;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'declared calls of section 7', (databases) => {
    const h = useHttpHarness(databases, parsed(SPEC), {});
    const create = (note: unknown) => h.send({ method: 'POST', url: '/api/notes', body: note });

    describe('payload envelopes', () => {
      it('take the fields out of the declared envelope', async () => {
        const response = await create({ note: { text: 'Buy milk', colour: 'green' } });
        expect(response.statusCode, response.body).toBe(201);
        const { note } = response.json();
        expect(note).toMatchObject({ text: 'Buy milk', colour: 'green', version: 1 });
        expect(response.headers.location).toBe(`/api/notes/${note.id}`);
      });

      it('refuse a body without its envelope, saying what was expected', async () => {
        const response = await create({ text: 'Buy milk' });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toContain('{ note: { text, colour? } }');
      });

      it('refuse a field the declared payload does not list, though the entity has it', async () => {
        const response = await create({ note: { text: 'Buy milk', pinned: true } });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toContain('pinned');
        expect(await h.count('Note')).toBe(1);
      });
    });

    describe('responses', () => {
      it('answer 204 for a call declaring no response, with the new ETag', async () => {
        const { note } = (await create({ note: { text: 'Old' } })).json();
        const response = await h.send({
          method: 'PATCH',
          url: `/api/notes/${note.id}`,
          body: { text: 'New' },
          headers: { 'if-match': '"1"' },
        });
        expect(response.statusCode, response.body).toBe(204);
        expect(response.body).toBe('');
        expect(response.headers.etag).toBe('"2"');
        const read = await h.send({ url: `/api/notes/${note.id}` });
        expect(read.json()).toMatchObject({ id: note.id, text: 'New', version: 2 });
      });

      it('answer a bare array with a Link to the next page, and an envelope with the total', async () => {
        for (const text of ['a', 'b', 'c']) await create({ note: { text } });
        const total = await h.count('Note');
        const seen: string[] = [];
        let red = 0;
        let url: string | undefined = '/api/notes?sort=text';
        while (url) {
          const response = await h.send({ url });
          expect(response.statusCode, response.body).toBe(200);
          const page = response.json() as { id: string; colour: string }[];
          expect(Array.isArray(page)).toBe(true);
          seen.push(...page.map((n) => n.id));
          red += page.filter((n) => n.colour === 'red').length;
          const link = response.headers.link as string | undefined;
          url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined;
        }
        expect(new Set(seen).size).toBe(total);
        const board = await h.send({ url: '/api/board?colour=red' });
        const body = board.json();
        expect(body.total).toBe(red);
        expect(red).toBeGreaterThan(2);
        expect(body.notes).toHaveLength(2);
        expect(typeof body.nextCursor).toBe('string');
      });

      it('answer a declared delete with the record as it was', async () => {
        const { note } = (await create({ note: { text: 'Bye' } })).json();
        const response = await h.send({ method: 'DELETE', url: `/api/notes/${note.id}` });
        expect(response.statusCode).toBe(200);
        expect(response.json().note).toMatchObject({ id: note.id, text: 'Bye' });
        expect(await h.stored('Note', note.id)).toBeUndefined();
      });

      it('serve only the declared calls: no history, no default paths', async () => {
        const { note } = (await create({ note: { text: 'Only' } })).json();
        expect((await h.send({ url: `/api/notes/${note.id}/history` })).statusCode).toBe(404);
        expect((await h.send({ url: '/api/users' })).statusCode).toBe(404);
        const put = await h.send({ method: 'PUT', url: `/api/notes/${note.id}`, body: {} });
        expect(put.statusCode).toBe(405);
        expect(put.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
      });
    });
  });
}
