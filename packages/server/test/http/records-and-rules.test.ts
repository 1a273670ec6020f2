import { expect, it, vi } from 'vitest';
import {
  ConstraintError,
  deriveTables,
  insertRecord,
  resolveTables,
  type Actor,
} from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

/**
 * Unique combinations, numbered records, rules on delete and a data-dependent initial state,
 * through the HTTP API, each under requests racing.
 */
const SPEC = `# Specification: Tracker

## 1. What the product does and for whom

Projects with their members and issues; rooms in buildings; courses with seats.

## 3. Entities and their fields

### Project

| Field | Type | Required | Default | Rules  |
| ----- | ---- | -------- | ------- | ------ |
| name  | text | yes      |         | unique |

### Membership

| Field   | Type                  | Required | Default | Rules              |
| ------- | --------------------- | -------- | ------- | ------------------ |
| project | → Project             | yes      |         |                    |
| member  | → User                | yes      |         | unique per project |
| role    | one of owner, member  | yes      | member  |                    |

### Issue

| Field   | Type      | Required | Default | Rules                        |
| ------- | --------- | -------- | ------- | ---------------------------- |
| project | → Project | yes      |         |                              |
| key     | text      | no       |         | numbered WEB-{n} per project |
| title   | text      | yes      |         | 3..80 chars                  |

### Invoice

| Field  | Type    | Required | Default | Rules                       |
| ------ | ------- | -------- | ------- | --------------------------- |
| number | text    | no       |         | numbered INV-{yyyy}-{nnnn}  |
| serial | integer | no       |         | numbered                    |
| note   | text    | no       |         |                             |

### Building

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| name  | text | yes      |         |       |

### Room

| Field    | Type       | Required | Default | Rules                        |
| -------- | ---------- | -------- | ------- | ---------------------------- |
| building | → Building | no       |         |                              |
| number   | text       | yes      |         | unique per building          |
| wing     | text       | no       |         |                              |
| door     | text       | no       |         | unique with building and wing |

### Course

| Field    | Type    | Required | Default | Rules |
| -------- | ------- | -------- | ------- | ----- |
| title    | text    | yes      |         |       |
| capacity | integer | yes      |         |       |

### Enrolment

| Field   | Type     | Required | Default | Rules |
| ------- | -------- | -------- | ------- | ----- |
| course  | → Course | yes      |         |       |
| note    | text     | no       |         |       |
| status  | state    |          |         |       |

## 4. States and transitions

### Enrolment

- States: enrolled, waitlisted, cancelled
- Initial: waitlisted when \`count(Enrolment, e, e.course == record.course && e.status == "enrolled") >= record.course.capacity\`, else enrolled

| From                 | Action | To        | Who    | When | Sets | Error |
| -------------------- | ------ | --------- | ------ | ---- | ---- | ----- |
| enrolled, waitlisted | cancel | cancelled | admin  |      |      |       |

## 5. Validation rules

| Entity     | Rule                                                                                                | Error      | On     |
| ---------- | --------------------------------------------------------------------------------------------------- | ---------- | ------ |
| Membership | \`old.role != "owner" \\|\\| count(Membership, m, m.project == old.project && m.role == "owner") > 1\` | LAST_OWNER | delete |
| Issue      | \`record.title != "refused"\`                                                                        | REFUSED    | create |

## 8. The error catalogue

| Code       | Status | Message                                  |
| ---------- | ------ | ---------------------------------------- |
| LAST_OWNER | 409    | A project keeps at least one owner.      |
| REFUSED    | 422    | This issue is refused.                   |
`;

const model = parsed(SPEC, 'records and rules');
const RACERS = 50;

type Body = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'records and rules', (databases) => {
    const h = useHttpHarness(databases, model, {});
    let ana: Actor;

    const send = (
      method: 'POST' | 'PATCH' | 'DELETE',
      entity: string,
      body?: Body,
      id?: string,
    ) => {
      const kind = method === 'POST' ? 'create' : method === 'PATCH' ? 'update' : 'delete';
      const call = h.call(kind, entity)!;
      return h.send({ method: call.method as never, url: h.path(call, id), actor: ana, body });
    };
    const post = async (entity: string, body: Body) => {
      const response = await send('POST', entity, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Body & { id: string }>();
    };
    const problem = (response: { json<T>(): T }) =>
      response.json<{ code: string; errors?: { code: string; field?: string }[] }>();

    it('keeps a value unique within its parent, and empty values clash with nothing', async () => {
      ana = await h.actor();
      const [north, south] = [
        await post('Building', { name: 'N' }),
        await post('Building', { name: 'S' }),
      ];
      await post('Room', { building: north.id, number: '101' });
      await post('Room', { building: south.id, number: '101' });
      // No building: a combination with an empty value clashes with nothing.
      await post('Room', { number: '101' });
      await post('Room', { number: '101' });
      const clash = await send('POST', 'Room', { building: north.id, number: '101' });
      // A unique clash alone: 409 ALREADY_TAKEN (docs/decisions.md, issue 22).
      expect(clash.statusCode).toBe(409);
      expect(problem(clash)).toMatchObject({
        code: 'ALREADY_TAKEN',
        errors: [{ field: 'number', code: 'ALREADY_TAKEN' }],
      });
      // Moving a room into a building that has its number already is the same clash.
      const other = await post('Room', { building: south.id, number: '102' });
      const moved = await send('PATCH', 'Room', { number: '101' }, other.id);
      expect(moved.statusCode).toBe(409);
      expect(problem(moved).errors).toEqual([expect.objectContaining({ field: 'number' })]);
      const elsewhere = await send('PATCH', 'Room', { building: north.id }, other.id);
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });

    it('keeps a combination of three fields unique, enforced by the database too', async () => {
      const hall = await post('Building', { name: 'Hall' });
      await post('Room', { building: hall.id, number: '1', wing: 'east', door: 'A' });
      await post('Room', { building: hall.id, number: '2', wing: 'west', door: 'A' });
      const clash = await send('POST', 'Room', {
        building: hall.id,
        number: '3',
        wing: 'east',
        door: 'A',
      });
      expect(problem(clash).errors).toEqual([expect.objectContaining({ field: 'door' })]);
      // Written past the checks, the UNIQUE index refuses it all the same.
      const { db, dialect } = h.store();
      const rooms = resolveTables(db, dialect, deriveTables(model));
      const write = insertRecord(
        db,
        rooms.get('Room')!,
        { building: hall.id, number: '4', wing: 'east', door: 'A' },
        { by: null, now: new Date() },
      );
      await expect(write).rejects.toBeInstanceOf(ConstraintError);
    });

    it(`numbers ${RACERS} racing creates within their project, without gaps or duplicates`, async () => {
      const [web, app] = [
        await post('Project', { name: 'Web' }),
        await post('Project', { name: 'App' }),
      ];
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          send('POST', 'Issue', { project: i % 5 === 0 ? app.id : web.id, title: `Issue ${i}` }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));
      const keys = (project: string) =>
        responses
          .map((r) => r.json<Body>())
          .filter((issue) => issue.project === project)
          .map((issue) => Number(String(issue.key).replace('WEB-', '')))
          .sort((a, b) => a - b);
      expect(keys(web.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(keys(app.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    });

    it('takes no number for a refused create, and refuses a number sent', async () => {
      const solo = await post('Project', { name: 'Solo' });
      expect((await post('Issue', { project: solo.id, title: 'First' })).key).toBe('WEB-1');
      const refused = await send('POST', 'Issue', { project: solo.id, title: 'refused' });
      expect(problem(refused).code).toBe('REFUSED');
      expect((await post('Issue', { project: solo.id, title: 'Second' })).key).toBe('WEB-2');
      const sent = await send('POST', 'Issue', { project: solo.id, title: 'Third', key: 'WEB-9' });
      expect(sent.statusCode).toBe(400);
      const first = await post('Issue', { project: solo.id, title: 'Fourth' });
      const changed = await send('PATCH', 'Issue', { key: 'WEB-1' }, first.id);
      expect(changed.statusCode).toBe(400);
    });

    it('documents a numbered field as read-only, never in a create or update body', async () => {
      const answer = await h.send({ url: '/openapi.json' });
      type Schema = { properties?: Record<string, { readOnly?: boolean; description?: string }> };
      const schemas = answer.json<{ components: { schemas: Record<string, Schema> } }>().components
        .schemas;
      expect(schemas.Issue!.properties!.key).toMatchObject({ readOnly: true });
      expect(schemas.Issue!.properties!.key!.description).toContain('WEB-{n}');
      expect(Object.keys(schemas['Issue.Create']!.properties!)).not.toContain('key');
      expect(Object.keys(schemas['Issue.Update']!.properties!)).not.toContain('key');
    });

    it('numbers with the year and zero-padding, and an integer from 1', async () => {
      const year = new Date().getUTCFullYear();
      const first = await post('Invoice', { note: 'a' });
      const second = await post('Invoice', {});
      expect([first.number, first.serial]).toEqual([`INV-${year}-0001`, 1]);
      expect([second.number, second.serial]).toEqual([`INV-${year}-0002`, 2]);
    });

    it('numbers from 1 again in a new year, where the format has the year', async () => {
      // The server reads the time of a request from Date: only Date is faked, timers run.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const at = async (iso: string) => {
          vi.setSystemTime(new Date(iso));
          return post('Invoice', {});
        };
        const december = [await at('2030-12-31T23:58:00Z'), await at('2030-12-31T23:59:59Z')];
        const january = [await at('2031-01-01T00:00:00Z'), await at('2031-01-01T00:01:00Z')];
        expect([...december, ...january].map((i) => i.number)).toEqual([
          'INV-2030-0001',
          'INV-2030-0002',
          'INV-2031-0001',
          'INV-2031-0002',
        ]);
        // A series without the year in its format goes on counting.
        const serials = [...december, ...january].map((i) => i.serial as number);
        expect(serials.map((n) => n - serials[0]!)).toEqual([0, 1, 2, 3]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses to delete the last owner with the rule’s code, deleting nothing', async () => {
      const project = await post('Project', { name: 'Owned' });
      const [bo, cy] = [await h.actor(), await h.actor()];
      const owner = await post('Membership', {
        project: project.id,
        member: ana.id,
        role: 'owner',
      });
      const second = await post('Membership', {
        project: project.id,
        member: bo.id,
        role: 'owner',
      });
      const member = await post('Membership', { project: project.id, member: cy.id });
      expect((await send('DELETE', 'Membership', undefined, member.id)).statusCode).toBe(204);
      expect((await send('DELETE', 'Membership', undefined, second.id)).statusCode).toBe(204);
      const last = await send('DELETE', 'Membership', undefined, owner.id);
      expect(last.statusCode).toBe(409);
      expect(problem(last).code).toBe('LAST_OWNER');
      expect(await h.stored('Membership', owner.id)).toBeDefined();
    });

    it('lets one of two owners deleted at once go, never both', async () => {
      const project = await post('Project', { name: 'Raced' });
      const bo = await h.actor();
      const owners = [
        await post('Membership', { project: project.id, member: ana.id, role: 'owner' }),
        await post('Membership', { project: project.id, member: bo.id, role: 'owner' }),
      ];
      const answers = await Promise.all(
        owners.map((o) => send('DELETE', 'Membership', undefined, o.id)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    });

    it(`starts ${RACERS / 5} racing enrolments in a state the seats decide`, async () => {
      const course = await post('Course', { title: 'CEL', capacity: 3 });
      const responses = await Promise.all(
        Array.from({ length: RACERS / 5 }, () => send('POST', 'Enrolment', { course: course.id })),
      );
      const states = responses.map((r) => r.json<Body>().status);
      expect(states.filter((s) => s === 'enrolled')).toHaveLength(3);
      expect(states.filter((s) => s === 'waitlisted')).toHaveLength(RACERS / 5 - 3);
    });
  });
}
