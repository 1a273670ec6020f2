import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { ok, serveExample, type Person } from '../examples/support/served-example.js';

/**
 * A record asked with `offers=create` names among its `actions` the creates of records referring
 * to it that the server would accept now for this reader: section 6 judged on what is known
 * before the form (the reference, defaults nobody sets), section 5's create rules likewise
 * (counts included), a reference unique on its own. Each answer is held to what the server then
 * does with the create.
 */
const SPEC = specText('Workshops', {
  1: `
Workshops that members book and review.
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
| seats    | integer    | yes      |           |           |

### Review

| Field   | Type      | Required | Default | Rules  |
| ------- | --------- | -------- | ------- | ------ |
| booking | → Booking | yes      |         | unique |
| rating  | integer   | yes      |         |        |
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
| Entity  | Rule                                                                                          | Error          | On     |
| ------- | --------------------------------------------------------------------------------------------- | -------------- | ------ |
| Booking | \`record.workshop.status == "published"\`                                                       | NOT_OPEN       | create |
| Booking | \`count(Booking, b, b.workshop == record.workshop && b.attendee == user.id) == 0\`              | ALREADY_BOOKED | create |
| Booking | \`record.seats >= 1 && record.seats <= 3\`                                                      | TOO_MANY       | create |
`,
  6: `
| Role      | Description        | Sign-up |
| --------- | ------------------ | ------- |
| organizer | Runs workshops     | yes     |
| attendee  | Books them         | default |
| reader    | Reads them         | no      |

| Role      | Entity   | Actions | Allowed                                | Fields          |
| --------- | -------- | ------- | -------------------------------------- | --------------- |
| signed-in | Workshop | read    | yes                                    | all             |
| organizer | Workshop | create  | yes                                    | title           |
| organizer | Workshop | publish | \`record.organizer == user.id\`          |                 |
| attendee  | Booking  | read    | \`record.attendee == user.id\`           | all             |
| attendee  | Booking  | create  | \`record.workshop.organizer != user.id\` | workshop, seats |
| attendee  | Review   | read    | \`record.booking.attendee == user.id\`   | all             |
| attendee  | Review   | create  | \`record.booking.attendee == user.id\`   | booking, rating |
`,
  8: `
| Code           | Status | Message                        |
| -------------- | ------ | ------------------------------ |
| NOT_OPEN       | 409    | Not open for booking.          |
| ALREADY_BOOKED | 409    | You already have a place.      |
| TOO_MANY       | 422    | Book one to three seats.       |
`,
});

type Body = Record<string, unknown>;
const BOOK = 'create:Booking.workshop';
const REVIEW = 'create:Review.booking';

const model = parsed(SPEC);

describe('a specification whose records offer creates', () => {
  it('checks clean', () => {
    expect(model).toBeDefined();
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a record offers the creates the server would accept', (databases) => {
    const app = serveExample(databases, model);
    let olga: Person;
    let ana: Person;
    let ben: Person;
    let rita: Person;
    let both: Person;
    let workshop: string;
    let booking: string;

    const post = (as: Person, url: string, body: Body = {}) =>
      app.send(url, { method: 'POST', as, body });
    const actionsOf = async (as: Person, url: string) =>
      ok(await app.send(`${url}?offers=create`, { as })).actions as string[];

    it('offers no booking of a draft, whose create the rules refuse', async () => {
      olga = await app.person(['organizer']);
      ana = await app.person(['attendee']);
      ben = await app.person(['attendee']);
      rita = await app.person(['reader']);
      both = await app.person(['attendee', 'organizer']);
      workshop = ok(await post(both, '/api/workshops', { title: 'Clay' }), 201).id as string;
      expect(await actionsOf(ana, `/api/workshops/${workshop}`)).toEqual([]);
      const refused = await post(ana, '/api/bookings', { workshop, seats: 1 });
      expect(refused.json()).toMatchObject({ code: 'NOT_OPEN' });
    });

    it('offers a booking of a published workshop to those section 6 lets book it', async () => {
      ok(await post(both, `/api/workshops/${workshop}/publish`));
      // The seats are the form's to give: a rule on them is not judged before it.
      expect(await actionsOf(ana, `/api/workshops/${workshop}`)).toEqual([BOOK]);
      expect(await actionsOf(ben, `/api/workshops/${workshop}`)).toEqual([BOOK]);
      // Its own organiser may not book it; nor may a reader nor an organiser who does not attend.
      expect(await actionsOf(both, `/api/workshops/${workshop}`)).toEqual([]);
      expect(await actionsOf(rita, `/api/workshops/${workshop}`)).toEqual([]);
      expect(await actionsOf(olga, `/api/workshops/${workshop}`)).toEqual([]);
      expect((await post(both, '/api/bookings', { workshop, seats: 1 })).statusCode).toBe(403);
      expect((await post(rita, '/api/bookings', { workshop, seats: 1 })).statusCode).toBe(403);
    });

    it('is asked for: a plain read and a list carry no creates', async () => {
      expect(ok(await app.send(`/api/workshops/${workshop}`, { as: ana })).actions).toEqual([]);
      const page = ok(await app.send('/api/workshops', { as: ana })) as { items: Body[] };
      expect(page.items.find((w) => w.id === workshop)?.actions).toEqual([]);
      const bad = await app.send(`/api/workshops/${workshop}?offers=delete`, { as: ana });
      expect(bad.statusCode).toBe(400);
    });

    it('no longer offers a booking once the reader has one, as the count rule refuses', async () => {
      booking = ok(await post(ana, '/api/bookings', { workshop, seats: 2 }), 201).id as string;
      expect(await actionsOf(ana, `/api/workshops/${workshop}`)).toEqual([]);
      const again = await post(ana, '/api/bookings', { workshop, seats: 1 });
      expect(again.json()).toMatchObject({ code: 'ALREADY_BOOKED' });
      // Another attendee still may.
      expect(await actionsOf(ben, `/api/workshops/${workshop}`)).toEqual([BOOK]);
    });

    it('offers one review of a booking, to its attendee, until there is one', async () => {
      expect(await actionsOf(ana, `/api/bookings/${booking}`)).toEqual([REVIEW]);
      ok(await post(ana, '/api/reviews', { booking, rating: 5 }), 201);
      expect(await actionsOf(ana, `/api/bookings/${booking}`)).toEqual([]);
      // Refused: the clash takes the reference out of the record section 6 then judges.
      const second = await post(ana, '/api/reviews', { booking, rating: 4 });
      expect(second.statusCode).toBe(403);
    });
  });
}
