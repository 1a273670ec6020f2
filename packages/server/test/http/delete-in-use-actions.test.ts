import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { entityCallPath, parsed, specText } from '../support/parsed-model.js';
import { ok, serveExample, type Person } from '../examples/support/served-example.js';

/**
 * `actions` offers `delete` only while no record refers to the record: a delete section 6 allows
 * is refused IN_USE while a `→` field (of another entity or of its own) or a `list of` field
 * still names it. Held for a record read alone and a page of a list, on entities answered in
 * place (Venue, Tag) and by the operations (Workshop, which has a list), and to what the server
 * then does.
 */
const SPEC = specText('Venues', {
  1: `
Venues where workshops are held.
`,
  3: `
### Venue

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| name  | text | yes      |         |       |

### Tag

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| name  | text | yes      |         |       |

### Workshop

| Field    | Type        | Required | Default | Rules |
| -------- | ----------- | -------- | ------- | ----- |
| title    | text        | yes      |         |       |
| venue    | → Venue     | yes      |         |       |
| tags     | list of Tag | no       |         |       |
| sequelOf | → Workshop  | no       |         |       |
`,
  6: `
| Role    | Description            | Sign-up |
| ------- | ---------------------- | ------- |
| keeper  | Looks after everything | yes     |
| visitor | Reads                  | default |

| Role    | Entity | Actions                      | Allowed | Fields |
| ------- | ------ | ---------------------------- | ------- | ------ |
| keeper  | *      | read, create, update, delete | yes     | all    |
| visitor | *      | read                         | yes     | all    |
`,
});

type Body = Record<string, unknown>;

const model = parsed(SPEC);
const pathOf = (kind: string, entity: string, id = '') => entityCallPath(model, kind, entity, id);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'delete is offered only while nothing refers to the record', (dbs) => {
    const app = serveExample(dbs, model);
    let keeper: Person;
    let visitor: Person;
    const ids: Record<string, string> = {};

    const create = async (entity: string, body: Body) =>
      ok(await app.send(pathOf('create', entity), { method: 'POST', as: keeper, body }), 201)
        .id as string;
    const remove = (entity: string, id: string) =>
      app.send(pathOf('delete', entity, id), { method: 'DELETE', as: keeper });
    const actionsOf = async (entity: string, id: string, as = keeper) =>
      ok(await app.send(pathOf('get', entity, id), { as })).actions;
    const listed = async (entity: string) => {
      const page = ok(await app.send(pathOf('list', entity), { as: keeper })) as { items: Body[] };
      return new Map(page.items.map((r) => [r.id, r.actions]));
    };
    /** Whether delete is offered, by get and in the list, which must agree. */
    const deletable = async (entity: string, id: string) => {
      const alone = await actionsOf(entity, id);
      expect((await listed(entity)).get(id)).toEqual(alone);
      return (alone as string[]).includes('delete');
    };

    it('leaves delete out while a record refers to it, and the delete is refused', async () => {
      keeper = await app.person(['keeper']);
      visitor = await app.person(['visitor']);
      ids.hall = await create('Venue', { name: 'Main hall' });
      ids.yard = await create('Venue', { name: 'Yard' });
      ids.clay = await create('Tag', { name: 'clay' });
      ids.glass = await create('Tag', { name: 'glass' });
      ids.pots = await create('Workshop', { title: 'Pots', venue: ids.hall, tags: [ids.clay] });
      ids.more = await create('Workshop', {
        title: 'More pots',
        venue: ids.hall,
        sequelOf: ids.pots,
      });
      expect(await deletable('Venue', ids.hall)).toBe(false);
      expect(await deletable('Tag', ids.clay)).toBe(false);
      expect(await deletable('Workshop', ids.pots)).toBe(false);
      // What nothing refers to stays deletable, on the same page.
      expect(await deletable('Venue', ids.yard)).toBe(true);
      expect(await deletable('Tag', ids.glass)).toBe(true);
      expect(await deletable('Workshop', ids.more)).toBe(true);
      expect(await actionsOf('Venue', ids.yard)).toEqual(['update', 'delete']);
      // Nor is anything else withdrawn, and who may delete nothing is offered nothing.
      expect(await actionsOf('Venue', ids.hall)).toEqual(['update']);
      expect(await actionsOf('Venue', ids.hall, visitor)).toEqual([]);
      for (const [entity, id] of [
        ['Venue', ids.hall],
        ['Tag', ids.clay],
        ['Workshop', ids.pots],
      ] as const)
        expect((await remove(entity, id)).statusCode, `${entity} in use`).toBe(409);
    });

    it('offers delete once the records referring to it are gone, and the delete is done', async () => {
      expect((await remove('Workshop', ids.more!)).statusCode).toBe(204);
      expect(await deletable('Workshop', ids.pots!)).toBe(true);
      expect(await deletable('Venue', ids.hall!)).toBe(false);
      expect((await remove('Workshop', ids.pots!)).statusCode).toBe(204);
      expect(await deletable('Venue', ids.hall!)).toBe(true);
      expect(await deletable('Tag', ids.clay!)).toBe(true);
      expect((await remove('Venue', ids.hall!)).statusCode).toBe(204);
      expect((await remove('Tag', ids.clay!)).statusCode).toBe(204);
    });
  });
}
