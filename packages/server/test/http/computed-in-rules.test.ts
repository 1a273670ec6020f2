import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { problemOf, useHttpHarness } from './support/http-harness.js';

/**
 * Rules, guards and Sets that read values the database works out: the seats left of a room (a
 * count), and a seat's view of its room's seats left (a reference followed). Each reads the value
 * as the list shows it, never an empty one.
 */
const SPEC = specText('Rooms', {
  1: `
Rooms with seats people take and give back.
`,
  3: `
### Room

| Field       | Type    | Required | Default | Rules |
| ----------- | ------- | -------- | ------- | ----- |
| name        | text    | yes      |         |       |
| seats       | integer | yes      |         |       |
| seatsLeft   | integer | no       |         | computed \`record.seats - count(Seat, s, s.room == record.id && s.status == "taken")\` |
| leftAtClose | integer | no       |         | read-only |
| status      | state   | yes      |         |       |

### Seat

| Field    | Type                     | Required | Default | Rules |
| -------- | ------------------------ | -------- | ------- | ----- |
| room     | → Room                   | yes      |         |       |
| status   | state                    | yes      |         |       |
| roomLeft | integer                  | no       |         | computed \`record.room.seatsLeft\` |
| leftThen | integer                  | no       |         | read-only |
`,
  4: `
### Room

- States: open, closed
- Initial: open

| From | Action | To     | Who       | When                              | Sets                               | Error    |
| ---- | ------ | ------ | --------- | --------------------------------- | ---------------------------------- | -------- |
| open | close  | closed | signed-in | \`record.seatsLeft < record.seats\` | leftAtClose = \`record.seatsLeft\` | NOT_USED |

### Seat

- States: taken, given-back
- Initial: taken

| From  | Action    | To         | Who       | When | Sets                                   | Error |
| ----- | --------- | ---------- | --------- | ---- | -------------------------------------- | ----- |
| taken | give-back | given-back | signed-in |      | leftThen = \`record.room.seatsLeft + 1\` |       |
`,
  5: `
| Entity | Rule                     | Error          | On     |
| ------ | ------------------------ | -------------- | ------ |
| Room   | \`record.seatsLeft >= 0\`  | BELOW_BOOKINGS | update |
| Seat   | \`record.roomLeft > 0\`    | ROOM_FULL      | create |
`,
  8: `
| Code           | Status | Message                                        |
| -------------- | ------ | ---------------------------------------------- |
| BELOW_BOOKINGS | 422    | The room has more seats taken than that.       |
| ROOM_FULL      | 409    | Every seat of the room is taken.               |
| NOT_USED       | 409    | Nobody has taken a seat in the room yet.       |
`,
});

type Body = Record<string, unknown>;

describe('a specification whose rules read values the database works out', () => {
  it('checks clean', () => {
    expect(parsed(SPEC)).toBeDefined();
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'rules, guards and Sets read computed values', (databases) => {
    const h = useHttpHarness(databases, parsed(SPEC), {});
    let ana: Actor;
    let room: string;
    let empty: string;

    const post = (url: string, body: Body = {}) =>
      h.send({ method: 'POST', url, body, actor: ana });
    const seat = () => post(h.call('create', 'Seat')!.path, { room });
    const getRoom = async (id: string) =>
      (await h.send({ url: h.path(h.call('get', 'Room')!, id), actor: ana })).json<Body>();

    it('refuses a seat once the room is full: a rule reading a reference’s counted value', async () => {
      ana = await h.actor();
      const create = h.call('create', 'Room')!.path;
      room = (await post(create, { name: 'Blue', seats: 2 })).json<Body>().id as string;
      empty = (await post(create, { name: 'Red', seats: 2 })).json<Body>().id as string;
      expect((await seat()).statusCode).toBe(201);
      const second = await seat();
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json<Body>().roomLeft).toBe(0);
      const third = await seat();
      expect(third.statusCode, third.body).toBe(409);
      expect(problemOf(third).code).toBe('ROOM_FULL');
    });

    it('refuses fewer seats than are taken: a rule reading the record’s own counted value', async () => {
      const update = h.path(h.call('update', 'Room')!, room);
      const fewer = await h.send({ method: 'PATCH', url: update, body: { seats: 1 }, actor: ana });
      expect(fewer.statusCode, fewer.body).toBe(422);
      expect(problemOf(fewer).code).toBe('BELOW_BOOKINGS');
      const more = await h.send({ method: 'PATCH', url: update, body: { seats: 3 }, actor: ana });
      expect(more.statusCode, more.body).toBe(200);
      expect(more.json<Body>().seatsLeft).toBe(1);
    });

    it('guards a transition and sets a field from a counted value', async () => {
      const close = (id: string) => `${h.path(h.call('get', 'Room')!, id)}/close`;
      const refused = await post(close(empty));
      expect(refused.statusCode, refused.body).toBe(409);
      expect(problemOf(refused).code).toBe('NOT_USED');
      // The policy allows every write: only the guard keeps `close` from the empty room.
      expect((await getRoom(empty)).actions).toEqual(['update', 'delete']);
      // Its seats still refer to it, so deleting it would be refused IN_USE: delete is not offered.
      expect((await getRoom(room)).actions).toEqual(['close', 'update']);
      const closed = await post(close(room));
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json<Body>()).toMatchObject({ status: 'closed', leftAtClose: 1 });
    });

    it('sets a field from a counted value read through a reference', async () => {
      const seats = h.call('list', 'Seat')!;
      const listed = await h.send({ url: `${seats.path}?room=${room}`, actor: ana });
      const first = listed.json<{ items: Body[] }>().items[0]!;
      const url = `${h.path(h.call('get', 'Seat')!, first.id as string)}/give-back`;
      const given = await post(url);
      expect(given.statusCode, given.body).toBe(200);
      expect(given.json<Body>()).toMatchObject({ status: 'given-back', leftThen: 2, roomLeft: 2 });
    });
  });
}
