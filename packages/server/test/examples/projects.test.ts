import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { exampleModel, ok, refused, serveExample, type Person } from './support/served-example.js';

// examples/projects.spec.md as the studio meets it: permissions that follow from a membership in
// each project, over HTTP with real sessions; every rule, guard and row tried both ways.
const model = exampleModel('projects');
const DAY = 24 * 60 * 60_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

type Body = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the project tracker example over HTTP', (databases) => {
    const app = serveExample(databases, model);
    let keys = 0;

    const post = (url: string, as: Person | undefined, body: unknown = {}) =>
      app.send(url, { method: 'POST', as, body });
    const patch = (url: string, as: Person | undefined, body: unknown) =>
      app.send(url, { method: 'PATCH', as, body });
    const key = () =>
      `K${String.fromCharCode(65 + (keys % 26))}${String.fromCharCode(65 + Math.floor(++keys / 26))}`;

    /** A project with its owner and one person in each role. */
    const team = async () => {
      const owner = await app.person(['member']);
      const [lead, dev, dev2, viewer, outsider] = await Promise.all(
        Array.from({ length: 5 }, () => app.person(['member'])),
      );
      const project = ok(await post('/api/projects', owner, { key: key(), name: 'Website' }), 201);
      const join = async (person: Person, role: string) =>
        ok(
          await post('/api/memberships', owner, { project: project.id, person: person.id, role }),
          201,
        );
      await join(lead!, 'lead');
      await join(dev!, 'contributor');
      await join(dev2!, 'contributor');
      await join(viewer!, 'viewer');
      return {
        project,
        owner,
        lead: lead!,
        dev: dev!,
        dev2: dev2!,
        viewer: viewer!,
        outsider: outsider!,
      };
    };
    type Team = Awaited<ReturnType<typeof team>>;
    const task = async (t: Team, fields: Body = {}, by = t.dev) =>
      ok(
        await post('/api/tasks', by, {
          project: t.project.id,
          title: 'Fix the footer',
          assignee: t.dev.id,
          ...fields,
        }),
        201,
      );
    const act = (x: Body, action: string, as: Person | undefined, body: unknown = {}) =>
      post(`/api/tasks/${String(x.id)}/${action}`, as, body);
    const moved = async (x: Body, action: string, as: Person, body: unknown = {}) =>
      ok(await act(x, action, as, body));

    let t: Team;
    beforeAll(async () => {
      t = await team();
    }, 60_000);

    describe('projects and memberships', () => {
      it('lets anyone start a project, as its owner, up to a limit (TOO_MANY_PROJECTS)', async () => {
        const owner = await app.person(['member']);
        const made = ok(await post('/api/projects', owner, { key: key(), name: 'Brand' }), 201);
        expect(made).toMatchObject({ owner: owner.id, archived: false });
        ok(await post('/api/projects', owner, { key: key(), name: 'Shop' }), 201);
        ok(await post('/api/projects', owner, { key: key(), name: 'Blog' }), 201);
        const fourth = await post('/api/projects', owner, { key: key(), name: 'App' });
        refused(app, fourth, 'TOO_MANY_PROJECTS', 409);
        ok(await patch(`/api/projects/${String(made.id)}`, owner, { archived: true }));
        ok(await post('/api/projects', owner, { key: key(), name: 'App' }), 201);
        refused(
          app,
          await post('/api/projects', undefined, { key: key(), name: 'Anon' }),
          'UNAUTHENTICATED',
          401,
        );
      });

      it('checks the key of a project', async () => {
        const owner = await app.person(['member']);
        const lower = await post('/api/projects', owner, { key: 'web', name: 'Lower' });
        expect(refused(app, lower, 'VALIDATION_FAILED', 422).errors).toEqual([
          expect.objectContaining({ field: 'key' }),
        ]);
        const taken = await post('/api/projects', owner, { key: t.project.key, name: 'Again' });
        const clash = { field: 'Key', entity: 'project' };
        expect(refused(app, taken, 'ALREADY_TAKEN', 409, clash).errors).toEqual([
          expect.objectContaining({ field: 'key' }),
        ]);
      });

      it('shows a project to its owner and members, and lets only the owner change it', async () => {
        const url = `/api/projects/${String(t.project.id)}`;
        for (const who of [t.owner, t.lead, t.dev, t.viewer]) ok(await app.send(url, { as: who }));
        expect((await app.send(url, { as: t.outsider })).statusCode).toBe(404);
        refused(app, await patch(url, t.lead, { name: 'Ours' }), 'FORBIDDEN', 403);
        expect(ok(await patch(url, t.owner, { name: 'Website 2' })).name).toBe('Website 2');
        const listed = ok(await app.send('/api/projects?limit=100', { as: t.outsider }));
        expect((listed.projects as Body[]).map((x) => x.id)).not.toContain(t.project.id);
      });

      it('lets only the owner add people, once each (ALREADY_MEMBER)', async () => {
        const newcomer = await app.person(['member']);
        const body = { project: t.project.id, person: newcomer.id };
        refused(app, await post('/api/memberships', t.lead, body), 'FORBIDDEN', 403);
        const joined = ok(await post('/api/memberships', t.owner, body), 201);
        expect(joined).toMatchObject({ role: 'contributor', joinedOn: expect.any(String) });
        refused(app, await post('/api/memberships', t.owner, body), 'ALREADY_MEMBER', 409);
        const url = `/api/memberships/${String(joined.id)}`;
        refused(app, await patch(url, newcomer, { role: 'lead' }), 'FORBIDDEN', 403);
        expect(ok(await patch(url, t.owner, { role: 'viewer' })).role).toBe('viewer');
        expect((await app.send(url, { as: t.outsider })).statusCode).toBe(404);
        ok(await app.send(url, { as: t.viewer }));
        refused(app, await app.send(url, { method: 'DELETE', as: t.lead }), 'FORBIDDEN', 403);
        ok(await app.send(url, { method: 'DELETE', as: t.owner }), 204);
      });

      it('keeps a lead in every project (LAST_LEAD), deleting nothing when refused', async () => {
        const own = await team();
        const all = (await app.send('/api/memberships', { as: own.owner })).json<Body[]>();
        const lead = all.find((m) => m.project === own.project.id && m.role === 'lead');
        expect(lead).toBeDefined();
        const url = `/api/memberships/${String(lead!.id)}`;
        refused(app, await app.send(url, { method: 'DELETE', as: own.owner }), 'LAST_LEAD', 409);
        expect(ok(await app.send(url, { as: own.owner })).role).toBe('lead');
        const other = ok(
          await post('/api/memberships', own.owner, {
            project: own.project.id,
            person: (await app.person(['member'])).id,
            role: 'lead',
          }),
          201,
        );
        ok(await app.send(url, { method: 'DELETE', as: own.owner }), 204);
        const last = `/api/memberships/${String(other.id)}`;
        refused(app, await app.send(last, { method: 'DELETE', as: own.owner }), 'LAST_LEAD', 409);
      });

      it('numbers the tasks of each project T-1, T-2, …, read-only', async () => {
        const [one, two] = [await team(), await team()];
        expect((await task(one)).ref).toBe('T-1');
        expect((await task(one)).ref).toBe('T-2');
        expect((await task(two)).ref).toBe('T-1');
        const sent = await post('/api/tasks', one.dev, {
          project: one.project.id,
          title: 'Numbered by hand',
          ref: 'T-99',
        });
        expect(sent.statusCode).toBe(400);
      });

      it('counts the open tasks of a project and shows each task’s project key', async () => {
        const own = await team();
        const made = await task(own);
        await task(own, { title: 'Second one' });
        const project = ok(
          await app.send(`/api/projects/${String(own.project.id)}`, { as: own.dev }),
        );
        expect(project.openTasks).toBe(2);
        expect(made.projectKey).toBe(own.project.key);
      });
    });

    describe('tasks', () => {
      it('lets leads and contributors add tasks, not viewers or outsiders', async () => {
        const made = await task(t, {}, t.lead);
        expect(made).toMatchObject({ status: 'todo', priority: 'normal', reopened: 0 });
        const body = { project: t.project.id, title: 'Peek' };
        refused(app, await post('/api/tasks', t.viewer, body), 'FORBIDDEN', 403);
        // An outsider holds no membership, whether the project exists or not.
        refused(app, await post('/api/tasks', t.outsider, body), 'FORBIDDEN', 403);
        ok(await app.send(`/api/tasks/${String(made.id)}`, { as: t.viewer }));
        expect(
          (await app.send(`/api/tasks/${String(made.id)}`, { as: t.outsider })).statusCode,
        ).toBe(404);
      });

      it('assigns tasks to leads and contributors only (ASSIGNEE_NOT_MEMBER)', async () => {
        const toViewer = await post('/api/tasks', t.dev, {
          project: t.project.id,
          title: 'Docs',
          assignee: t.viewer.id,
        });
        expect(refused(app, toViewer, 'ASSIGNEE_NOT_MEMBER', 422).errors).toHaveLength(1);
        const made = await task(t);
        const url = `/api/tasks/${String(made.id)}`;
        const outside = await patch(url, t.dev, { assignee: t.outsider.id });
        refused(app, outside, 'ASSIGNEE_NOT_MEMBER', 422);
        expect(ok(await patch(url, t.dev, { assignee: t.lead.id })).assignee).toBe(t.lead.id);
      });

      it('refuses a due date in the past (DUE_IN_THE_PAST)', async () => {
        const late = await post('/api/tasks', t.dev, {
          project: t.project.id,
          title: 'Late',
          dueOn: dayIn(-2),
        });
        const problem = refused(app, late, 'DUE_IN_THE_PAST', 422, { field: 'due on' });
        expect(problem.errors).toEqual([expect.objectContaining({ field: 'dueOn' })]);
        await task(t, { dueOn: dayIn(0) });
      });

      it('takes no tasks in an archived project (PROJECT_ARCHIVED)', async () => {
        const own = await team();
        const made = await task(own);
        ok(await patch(`/api/projects/${String(own.project.id)}`, own.owner, { archived: true }));
        refused(
          app,
          await post('/api/tasks', own.dev, { project: own.project.id, title: 'More' }),
          'PROJECT_ARCHIVED',
          409,
        );
        refused(
          app,
          await patch(`/api/tasks/${String(made.id)}`, own.dev, { title: 'Renamed' }),
          'PROJECT_ARCHIVED',
          409,
        );
      });

      it('lets only the owner delete a task', async () => {
        const made = await task(t);
        const url = `/api/tasks/${String(made.id)}`;
        refused(app, await app.send(url, { method: 'DELETE', as: t.lead }), 'FORBIDDEN', 403);
        ok(await app.send(url, { method: 'DELETE', as: t.owner }), 204);
      });
    });

    describe('the task lifecycle', () => {
      it('starts a task by its assignee, a few at a time (CANNOT_START)', async () => {
        const own = await team();
        const first = await task(own);
        refused(app, await act(first, 'start', own.dev2), 'CANNOT_START', 409);
        refused(app, await act(first, 'start', own.viewer), 'FORBIDDEN', 403);
        const started = await moved(first, 'start', own.dev);
        expect(started).toMatchObject({ status: 'doing', startedAt: expect.any(String) });
        await moved(await task(own), 'start', own.dev);
        const third = await task(own);
        const over = await act(third, 'start', own.dev);
        refused(app, over, 'CANNOT_START', 409);
        expect(over.json<Body>().detail).toBe(
          'Start only tasks assigned to you, and at most 2 at a time.',
        );
      });

      it('submits for review by its assignee only (NOT_YOUR_TASK)', async () => {
        const made = await task(t, { assignee: t.dev2.id });
        await moved(made, 'start', t.dev2);
        refused(app, await act(made, 'submit', t.dev), 'NOT_YOUR_TASK', 403);
        refused(app, await act(made, 'submit', t.viewer), 'FORBIDDEN', 403);
        expect((await moved(made, 'submit', t.dev2)).status).toBe('review');
      });

      it('is accepted by a lead other than its assignee (NO_SELF_REVIEW)', async () => {
        const mine = await task(t, { assignee: t.lead.id }, t.lead);
        await moved(mine, 'start', t.lead);
        await moved(mine, 'submit', t.lead);
        refused(app, await act(mine, 'accept', t.lead), 'NO_SELF_REVIEW', 403);
        const theirs = await task(t, { assignee: t.dev2.id });
        await moved(theirs, 'start', t.dev2);
        await moved(theirs, 'submit', t.dev2);
        refused(app, await act(theirs, 'accept', t.dev), 'FORBIDDEN', 403);
        refused(app, await act(theirs, 'accept', t.owner), 'FORBIDDEN', 403);
        const done = await moved(theirs, 'accept', t.lead);
        expect(done).toMatchObject({ status: 'done', doneAt: expect.any(String) });
      });

      it('is sent back with a comment (COMMENT_NEEDED)', async () => {
        const made = await task(t, { assignee: t.dev2.id });
        await moved(made, 'start', t.dev2);
        await moved(made, 'submit', t.dev2);
        refused(app, await act(made, 'return', t.lead, { comment: 'no' }), 'COMMENT_NEEDED', 422);
        refused(app, await act(made, 'return', t.lead, {}), 'COMMENT_NEEDED', 422);
        refused(
          app,
          await act(made, 'return', t.dev, { comment: 'Needs tests' }),
          'FORBIDDEN',
          403,
        );
        expect((await moved(made, 'return', t.lead, { comment: 'Needs tests' })).status).toBe(
          'doing',
        );
      });

      it('is dropped by a contributor before review, not after', async () => {
        const made = await task(t);
        refused(app, await act(made, 'drop', t.viewer), 'FORBIDDEN', 403);
        expect((await act(made, 'drop', t.outsider)).statusCode).toBe(404);
        expect((await moved(made, 'drop', t.dev2)).status).toBe('dropped');
        const reviewed = await task(t, { assignee: t.dev2.id });
        await moved(reviewed, 'start', t.dev2);
        await moved(reviewed, 'submit', t.dev2);
        refused(app, await act(reviewed, 'drop', t.dev2), 'TRANSITION_NOT_ALLOWED', 409);
      });

      it('is reopened within the window, counting the reopenings', async () => {
        const made = await task(t, { assignee: t.dev2.id });
        await moved(made, 'start', t.dev2);
        await moved(made, 'submit', t.dev2);
        await moved(made, 'accept', t.lead);
        refused(app, await act(made, 'reopen', t.viewer), 'FORBIDDEN', 403);
        const reopened = await moved(made, 'reopen', t.dev);
        expect(reopened).toMatchObject({ status: 'todo', doneAt: null, reopened: 1 });
        refused(app, await act(made, 'reopen', undefined), 'UNAUTHENTICATED', 401);
      });
    });
  });
}
