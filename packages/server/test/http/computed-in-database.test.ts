import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { workshopsCases } from '../operations/support/cases-workshops.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { specText } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

/**
 * Computed values the database works out: a count, references followed (a number, money, a
 * date) and values that depend on the reader (`user`).
 */
const SPEC = specText('Talks', {
  1: `
Lists talks, their seats and who likes them.

- Currency: EUR
`,
  3: `
### Venue

| Field    | Type    | Required | Default | Rules |
| -------- | ------- | -------- | ------- | ----- |
| name     | text    | yes      |         |       |
| capacity | integer | yes      |         |       |
| fee      | money   | yes      |         |       |
| opens    | date    | no       |         |       |

### Talk

| Field       | Type     | Required | Default | Rules |
| ----------- | -------- | -------- | ------- | ----- |
| title       | text     | yes      |         |       |
| venue       | → Venue  | no       |         |       |
| seats       | integer  | yes      |         |       |
| seatsLeft   | integer  | no       |         | computed \`record.seats - count(Seat, s, s.talk == record.id && s.status == "taken")\` |
| hallSize    | integer  | no       |         | computed \`record.venue.capacity\` |
| hallFee     | money    | no       |         | computed \`record.venue.fee * 2\` |
| hallOpens   | date     | no       |         | computed \`record.venue.opens\` |
| full        | boolean  | no       |         | computed \`record.seatsLeft <= 0\` |
| likedByMe   | boolean  | no       |         | computed \`count(Like, l, l.talk == record.id && l.by == user.id) > 0\` |
| titleUpper  | text     | no       |         | computed \`record.title + "!"\` |

### Seat

| Field  | Type                  | Required | Default | Rules |
| ------ | --------------------- | -------- | ------- | ----- |
| talk   | → Talk                | yes      |         |       |
| status | one of taken, given-back | yes   | taken   |       |

### Like

| Field | Type   | Required | Default | Rules |
| ----- | ------ | -------- | ------- | ----- |
| talk  | → Talk | yes      |         |       |
| by    | → User | yes      |         |       |
`,
});

const parsed = parseSpec(SPEC);

describe('a specification with computed values that need the database', () => {
  it('checks clean, `user` in a computed value included', () => {
    expect(parsed.diagnostics.filter((d) => d.severity !== 'note')).toEqual([]);
    expect(parsed.model).toBeDefined();
  });
});

type Body = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'computed values worked out in SQL', (databases) => {
    const h = useHttpHarness(databases, parsed.model!, {});
    let ana: Actor;
    let bo: Actor;
    const ids: Record<string, string> = {};

    const post = async (entity: string, body: Body, actor: Actor = ana) => {
      const call = h.call('create', entity)!;
      const response = await h.send({ method: 'POST', url: call.path, body, actor });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Body & { id: string }>();
    };
    const list = async (query: string, actor: Actor | null = ana) => {
      const call = h.call('list', 'Talk')!;
      const response = await h.send({ url: `${call.path}?${query}`, actor });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Body[] }>().items;
    };
    const titles = (items: Body[]) => items.map((t) => t.title);

    it('answers a create with its values as the database works them out', async () => {
      ana = await h.actor();
      bo = await h.actor();
      const hall = await post('Venue', {
        name: 'Hall',
        capacity: 200,
        fee: '12.25',
        opens: '2030-01-02',
      });
      const small = await post('Talk', { title: 'Small', venue: hall.id, seats: 2 });
      expect(small).toMatchObject({
        seatsLeft: 2,
        hallSize: 200,
        hallFee: '24.50',
        hallOpens: '2030-01-02',
        full: false,
        likedByMe: false,
        titleUpper: 'Small!',
      });
      ids.small = small.id;
      ids.big = (await post('Talk', { title: 'Big', seats: 10 })).id;
      ids.mid = (await post('Talk', { title: 'Mid', seats: 5 })).id;
    });

    it('counts in the list and the detail, and follows references', async () => {
      await post('Seat', { talk: ids.small });
      await post('Seat', { talk: ids.small });
      await post('Seat', { talk: ids.small, status: 'given-back' });
      await post('Seat', { talk: ids.mid });
      const items = await list('sort=title');
      expect(items.map((t) => [t.title, t.seatsLeft, t.hallSize, t.full])).toEqual([
        ['Big', 10, null, false],
        ['Mid', 4, null, false],
        ['Small', 0, 200, true],
      ]);
      const get = h.call('get', 'Talk')!;
      const response = await h.send({ url: h.path(get, ids.small), actor: ana });
      expect(response.json()).toMatchObject({ seatsLeft: 0, hallFee: '24.50', full: true });
    });

    it('filters and sorts by a counted value like a stored field, every page alike', async () => {
      expect(titles(await list('filter=record.seatsLeft > 0&sort=title'))).toEqual(['Big', 'Mid']);
      expect(titles(await list('filter=record.full&sort=title'))).toEqual(['Small']);
      expect(titles(await list('seatsLeft=4'))).toEqual(['Mid']);
      expect(titles(await list('sort=-seatsLeft'))).toEqual(['Big', 'Mid', 'Small']);
      expect(titles(await list('sort=seatsLeft'))).toEqual(['Small', 'Mid', 'Big']);
      const call = h.call('list', 'Talk')!;
      const first = await h.send({ url: `${call.path}?sort=seatsLeft&limit=2`, actor: ana });
      const page = first.json<{ items: Body[]; nextCursor: string }>();
      expect(titles(page.items)).toEqual(['Small', 'Mid']);
      const cursor = encodeURIComponent(page.nextCursor);
      expect(titles(await list(`sort=seatsLeft&limit=2&cursor=${cursor}`))).toEqual(['Big']);
    });

    it('works out a value per reader: whether I like it', async () => {
      await post('Like', { talk: ids.mid, by: bo.id }, bo);
      const mine = async (actor: Actor | null) =>
        Object.fromEntries((await list('sort=title', actor)).map((t) => [t.title, t.likedByMe]));
      expect(await mine(bo)).toEqual({ Big: false, Mid: true, Small: false });
      expect(await mine(ana)).toEqual({ Big: false, Mid: false, Small: false });
      expect(titles(await list('filter=record.likedByMe', bo))).toEqual(['Mid']);
      expect(titles(await list('filter=record.likedByMe', ana))).toEqual([]);
    });

    it('shows the values on records brought in with include', async () => {
      const call = h.call('list', 'Seat')!;
      const response = await h.send({ url: `${call.path}?include=talk`, actor: ana });
      const talks = response.json<{ items: { talk: Body }[] }>().items.map((s) => s.talk);
      expect(talks.every((t) => typeof t.seatsLeft === 'number')).toBe(true);
    });
  });
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the workshops example’s seats left', (databases) => {
    const model = EXAMPLE_MODELS.workshops!;
    const h = useHttpHarness(databases, model, workshopsCases.overrides);

    it('counts the seats left from bookings, filters and sorts by them', async () => {
      const organiser = await h.actor();
      const event = async (capacity: number, booked: number) => {
        const made = await h.make('Event', organiser, { capacity });
        await h.setState('Event', made.id, 'published');
        for (let i = 0; i < booked; i++)
          await h.make('Booking', await h.actor(), { event: made.id });
        return made.id as string;
      };
      const full = await event(1, 1);
      const open = await event(3, 1);
      const list = h.call('list', 'Event')!;
      // Bookings made by the harness bring events of their own: the organiser's only.
      const read = async (query: string, filter = 'true') => {
        const mine = encodeURIComponent(`record.organizer == user.id && ${filter}`);
        const url = `${list.path}?filter=${mine}&${query}`;
        const response = await h.send({ url, actor: organiser });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ items: Body[] }>().items.map((e) => [e.id, e.seatsLeft]);
      };
      expect(await read('sort=seatsLeft')).toEqual([
        [full, 0],
        [open, 2],
      ]);
      expect(await read('sort=-seatsLeft')).toEqual([
        [open, 2],
        [full, 0],
      ]);
      expect(await read('', 'record.seatsLeft > 0')).toEqual([[open, 2]]);
      const get = await h.send({ url: h.path(h.call('get', 'Event')!, full), actor: organiser });
      expect(get.json<Body>().seatsLeft).toBe(0);
    });
  });
}
