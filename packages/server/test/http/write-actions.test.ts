import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { entityCallPath, parsed, specText } from '../support/parsed-model.js';
import { ok, serveExample, type Person } from '../examples/support/served-example.js';

/**
 * `actions` says whether the caller may update and delete a record now, as section 6 decides it
 * on that record (its own row conditions, a state that ends edits), for a record read alone, a
 * list's page, an entity without a lifecycle, and conditions that follow a reference (asked of
 * the database). Each answer is held to what the server then does.
 */
const SPEC = specText('Workshops', {
  1: `
Workshops that organisers edit while they are drafts.
`,
  3: `
### Workshop

| Field     | Type   | Required | Default | Rules |
| --------- | ------ | -------- | ------- | ----- |
| title     | text   | yes      |         |       |
| organizer | → User | no       | \`user.id\` |   |
| status    | state  | yes      |         |       |

### Note

| Field    | Type       | Required | Default | Rules |
| -------- | ---------- | -------- | ------- | ----- |
| workshop | → Workshop | yes      |         |       |
| text     | text       | yes      |         |       |
`,
  4: `
### Workshop

- States: draft, published
- Initial: draft

| From  | Action  | To        | Who       | When | Sets | Error |
| ----- | ------- | --------- | --------- | ---- | ---- | ----- |
| draft | publish | published | organizer |      |      |       |
`,
  6: `
| Role      | Description        | Sign-up |
| --------- | ------------------ | ------- |
| organizer | Runs workshops     | yes     |
| reader    | Reads them         | default |

| Role      | Entity   | Actions        | Allowed                                                   | Fields |
| --------- | -------- | -------------- | --------------------------------------------------------- | ------ |
| signed-in | Workshop | read           | yes                                                       | all    |
| signed-in | Note     | read           | yes                                                       | all    |
| organizer | Workshop | create         | yes                                                       | title  |
| organizer | Workshop | update, delete | \`record.organizer == user.id && record.status == "draft"\` | title  |
| organizer | Workshop | publish        | \`record.organizer == user.id\`                             |        |
| organizer | Note     | create         | yes                                                       | all    |
| organizer | Note     | update, delete | \`record.workshop.organizer == user.id\`                    | text   |
`,
});

type Body = Record<string, unknown>;

const model = parsed(SPEC);
const pathOf = (kind: string, entity: string, id = '') => entityCallPath(model, kind, entity, id);

describe('a specification whose edits depend on the record', () => {
  it('checks clean', () => {
    expect(model).toBeDefined();
  });
});

for (const dialect of DIALECTS) {
  describeDialect(
    dialect,
    'actions say whether a record may be updated and deleted',
    (databases) => {
      const app = serveExample(databases, model);
      let owner: Person;
      let other: Person;
      let reader: Person;
      let workshop: string;

      const post = (as: Person, url: string, body: Body = {}) =>
        app.send(url, { method: 'POST', as, body });
      const patch = (as: Person, entity: string, id: string, body: Body) =>
        app.send(pathOf('update', entity, id), { method: 'PATCH', as, body });
      const actionsOf = async (as: Person, entity: string, id: string) =>
        ok(await app.send(pathOf('get', entity, id), { as })).actions;
      const listed = async (as: Person, entity: string) => {
        const page = ok(await app.send(pathOf('list', entity), { as })) as { items: Body[] };
        return new Map(page.items.map((r) => [r.id, r.actions]));
      };

      it('offers update and delete on a draft to its organiser only', async () => {
        owner = await app.person(['organizer']);
        other = await app.person(['organizer']);
        reader = await app.person(['reader']);
        const made = ok(await post(owner, pathOf('create', 'Workshop'), { title: 'Clay' }), 201);
        workshop = made.id as string;
        expect(made.actions).toEqual(['publish', 'update', 'delete']);
        expect(await actionsOf(owner, 'Workshop', workshop)).toEqual([
          'publish',
          'update',
          'delete',
        ]);
        expect(await actionsOf(other, 'Workshop', workshop)).toEqual([]);
        expect(await actionsOf(reader, 'Workshop', workshop)).toEqual([]);
        // What is not offered is refused.
        expect((await patch(other, 'Workshop', workshop, { title: 'Mine' })).statusCode).toBe(403);
      });

      it('answers the same on a list’s page, each record its own', async () => {
        const second = ok(await post(other, pathOf('create', 'Workshop'), { title: 'Glass' }), 201);
        const byId = await listed(owner, 'Workshop');
        expect(byId.get(workshop)).toEqual(['publish', 'update', 'delete']);
        expect(byId.get(second.id)).toEqual([]);
        expect((await listed(other, 'Workshop')).get(second.id)).toEqual([
          'publish',
          'update',
          'delete',
        ]);
      });

      it('no longer offers them once the state ends edits, and the server refuses them', async () => {
        const url = `${pathOf('get', 'Workshop', workshop)}/publish`;
        const published = ok(await post(owner, url));
        expect(published.actions).toEqual([]);
        expect(await actionsOf(owner, 'Workshop', workshop)).toEqual([]);
        expect((await patch(owner, 'Workshop', workshop, { title: 'Late' })).statusCode).toBe(403);
        const removed = await app.send(pathOf('delete', 'Workshop', workshop), {
          method: 'DELETE',
          as: owner,
        });
        expect(removed.statusCode).toBe(403);
      });

      it('decides a condition that follows a reference, on an entity without a lifecycle', async () => {
        const made = ok(
          await post(owner, pathOf('create', 'Note'), { workshop, text: 'Aprons' }),
          201,
        );
        const note = made.id as string;
        expect(made.actions).toEqual(['update', 'delete']);
        expect(await actionsOf(owner, 'Note', note)).toEqual(['update', 'delete']);
        expect(await actionsOf(other, 'Note', note)).toEqual([]);
        expect((await listed(owner, 'Note')).get(note)).toEqual(['update', 'delete']);
        expect((await listed(reader, 'Note')).get(note)).toEqual([]);
        expect((await patch(other, 'Note', note, { text: 'No' })).statusCode).toBe(403);
        ok(await patch(owner, 'Note', note, { text: 'Towels' }));
      });
    },
  );
}
