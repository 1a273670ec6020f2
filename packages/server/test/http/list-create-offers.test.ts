import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { ok, serveExample, type Person } from '../examples/support/served-example.js';

/**
 * A list asked with `offers=create:<Entity>.<field>` says of each record whether a record
 * referring to it through that field would be accepted now: what a create form's picker needs to
 * offer only the choices the server takes (an organiser who also attends may not book their own
 * workshop). Each answer is held to what the server then does with the create.
 */
const SPEC = specText('Workshops', {
  1: `
Workshops that members book.
`,
  3: `
### Workshop

| Field     | Type   | Required | Default   | Rules     |
| --------- | ------ | -------- | --------- | --------- |
| title     | text   | yes      |           |           |
| organizer | → User | yes      | \`user.id\` | read-only |
| status    | state  | yes      |           |           |

### Booking

| Field    | Type       | Required | Default   | Rules     |
| -------- | ---------- | -------- | --------- | --------- |
| workshop | → Workshop | yes      |           |           |
| attendee | → User     | yes      | \`user.id\` | read-only |
`,
  4: `
### Workshop

- States: draft, published
- Initial: draft

| From  | Action  | To        | Who       | When | Sets | Error |
| ----- | ------- | --------- | --------- | ---- | ---- | ----- |
| draft | publish | published | organizer |      |      |       |
`,
  5: `
| Entity  | Rule                                      | Error    | On     |
| ------- | ----------------------------------------- | -------- | ------ |
| Booking | \`record.workshop.status == "published"\` | NOT_OPEN | create |
`,
  6: `
| Role      | Description    | Sign-up |
| --------- | -------------- | ------- |
| organizer | Runs workshops | yes     |
| attendee  | Books them     | default |

| Role      | Entity   | Actions | Allowed                                | Fields   |
| --------- | -------- | ------- | -------------------------------------- | -------- |
| signed-in | Workshop | read    | yes                                    | all      |
| organizer | Workshop | create  | yes                                    | title    |
| organizer | Workshop | publish | \`record.organizer == user.id\`          |          |
| attendee  | Booking  | read    | \`record.attendee == user.id\`           | all      |
| attendee  | Booking  | create  | \`record.workshop.organizer != user.id\` | workshop |
`,
  8: `
| Code     | Status | Message               |
| -------- | ------ | --------------------- |
| NOT_OPEN | 409    | Not open for booking. |
`,
});

type Body = Record<string, unknown>;
const BOOK = 'create:Booking.workshop';
const model = parsed(SPEC);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a list offers the one create its picker asks about', (databases) => {
    const app = serveExample(databases, model);
    let both: Person;
    let olga: Person;
    let own: string;
    let other: string;
    let draft: string;

    const post = (as: Person, url: string, body: Body = {}) =>
      app.send(url, { method: 'POST', as, body });
    const listed = async (as: Person, query: string) => {
      const page = ok(await app.send(`/api/workshops?${query}`, { as })) as { items: Body[] };
      return new Map(page.items.map((w) => [w.id as string, w.actions as string[]]));
    };

    it('marks the workshops a booking may be made for, by this reader, now', async () => {
      both = await app.person(['attendee', 'organizer']);
      olga = await app.person(['organizer']);
      own = ok(await post(both, '/api/workshops', { title: 'Clay' }), 201).id as string;
      other = ok(await post(olga, '/api/workshops', { title: 'Glass' }), 201).id as string;
      draft = ok(await post(olga, '/api/workshops', { title: 'Wood' }), 201).id as string;
      ok(await post(both, `/api/workshops/${own}/publish`));
      ok(await post(olga, `/api/workshops/${other}/publish`));
      const actions = await listed(both, `offers=${BOOK}`);
      // Their own workshop (section 6) and a draft (section 5) are not; another's published one is.
      expect(actions.get(own)).not.toContain(BOOK);
      expect(actions.get(draft)).not.toContain(BOOK);
      expect(actions.get(other)).toContain(BOOK);
      expect((await post(both, '/api/bookings', { workshop: own })).statusCode).toBe(403);
      expect((await post(both, '/api/bookings', { workshop: draft })).json()).toMatchObject({
        code: 'NOT_OPEN',
      });
      ok(await post(both, '/api/bookings', { workshop: other }), 201);
    });

    it('carries no creates unless asked', async () => {
      const actions = await listed(both, '');
      expect([...actions.values()].flat()).not.toContain(BOOK);
    });

    it('refuses a create the records do not offer, naming those they do', async () => {
      const bad = await app.send('/api/workshops?offers=create:Booking.attendee', { as: both });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
      expect(String(bad.json().detail)).toContain(BOOK);
    });
  });
}
