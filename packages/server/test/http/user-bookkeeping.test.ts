import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { mayReadUserBookkeeping } from '../../src/accounts/actor-query.js';
import { useSignedInServer } from './support/signed-in-server.js';

const ROLES = `
| Role   | Description   | Sign-up |
| ------ | ------------- | ------- |
| member | Writes notes  | default |
| admin  | Runs the site | no      |
`;

/** A filter that holds on Ann's note only when it reads Bob's own bookkeeping right. */
const BOOKKEEPING_FILTER = [
  'user.createdBy == record.createdBy',
  'user.version == 7',
  'user.createdAt <= record.createdAt',
  'user.updatedAt <= record.createdAt',
].join(' && ');

/**
 * `user.createdAt`, `user.updatedAt`, `user.createdBy` and `user.version` in defaults (worked out
 * in JavaScript), in a list filter and in a guard (both run in the database).
 */
const SPEC = specText('Notes', {
  1: `
Notes.
`,
  3: `
### Note

| Field       | Type     | Required | Default          | Rules |
| ----------- | -------- | -------- | ---------------- | ----- |
| text        | text     | yes      |                  |       |
| memberSince | datetime | no       | \`user.createdAt\` |       |
| lastChange  | datetime | no       | \`user.updatedAt\` |       |
| sponsor     | → User   | no       | \`user.createdBy\` |       |
| seen        | integer  | no       | \`user.version\`   |       |
| status      | state    | yes      |                  |       |
`,
  4: `
### Note

- States: draft, filed
- Initial: draft

| From  | Action | To    | Who    | When                                                          | Sets |
| ----- | ------ | ----- | ------ | ------------------------------------------------------------- | ---- |
| draft | file   | filed | member | \`user.version == 7 && user.createdAt <= record.createdAt\` |      |
`,
  6: `${ROLES}
| Role   | Entity | Actions      | Allowed | Fields |
| ------ | ------ | ------------ | ------- | ------ |
| member | Note   | read, create | yes     | all    |
| member | Note   | file         | yes     |        |
| member | User   | read         | yes     | all    |
| admin  | *      | *            | yes     | all    |
`,
});

/**
 * The same filter where nothing in the specification reads the caller's bookkeeping: the session
 * does not load it (mayReadUserBookkeeping), and a filter that reads it gets it all the same.
 */
const QUIET_SPEC = specText('Memos', {
  1: `
Memos.
`,
  3: `
### Memo

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| text  | text | yes      |         |       |
`,
  6: `${ROLES}
| Role   | Entity | Actions      | Allowed | Fields |
| ------ | ------ | ------------ | ------- | ------ |
| member | Memo   | read, create | yes     | all    |
| member | User   | read         | yes     | all    |
| admin  | *      | *            | yes     | all    |
`,
});

type Body = Record<string, unknown>;

function ok(response: LightMyRequestResponse, status = 200): Body {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<Body>();
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the bookkeeping fields of `user`', (databases) => {
    const server = useSignedInServer(databases, parsed(SPEC), { ann: ['admin'], bob: ['member'] });
    let bob: Body;
    let annNote: Body;
    beforeAll(async () => {
      // Bob's account as if Ann had made it and it had been changed six times since.
      await server
        .store()
        .db.updateTable('users')
        .set({ createdBy: server.ids.ann!, version: 7 })
        .where('id', '=', server.ids.bob!)
        .execute();
      bob = ok(await server.send('ann', 'GET', `/api/users/${server.ids.bob!}`));
      annNote = ok(await server.send('ann', 'POST', '/api/notes', { text: 'Ann’s' }), 201);
    });

    it('are the user’s own values in expressions worked out in JavaScript', async () => {
      expect(bob).toMatchObject({ createdBy: server.ids.ann, version: 7 });
      const note = ok(await server.send('bob', 'POST', '/api/notes', { text: 'Bob’s' }), 201);
      expect(note).toMatchObject({
        memberSince: bob.createdAt,
        lastChange: bob.updatedAt,
        sponsor: server.ids.ann,
        seen: 7,
      });
    });

    it('are the user’s own values in a filter run in the database', async () => {
      const filter = encodeURIComponent(BOOKKEEPING_FILTER);
      const page = ok(await server.send('bob', 'GET', `/api/notes?filter=${filter}`));
      expect((page.items as Body[]).map((n) => n.id)).toEqual([annNote.id]);
    });

    it('are the user’s own values in a guard', async () => {
      const note = ok(await server.send('bob', 'POST', '/api/notes', { text: 'To file' }), 201);
      const filed = ok(await server.send('bob', 'POST', `/api/notes/${String(note.id)}/file`, {}));
      expect(filed.status).toBe('filed');
    });
  });
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the bookkeeping of `user` that only a filter reads', (databases) => {
    const model = parsed(QUIET_SPEC);
    const server = useSignedInServer(databases, model, { ann: ['admin'], bob: ['member'] });
    let annMemo: Body;
    beforeAll(async () => {
      await server
        .store()
        .db.updateTable('users')
        .set({ createdBy: server.ids.ann!, version: 7 })
        .where('id', '=', server.ids.bob!)
        .execute();
      annMemo = ok(await server.send('ann', 'POST', '/api/memos', { text: 'Ann’s' }), 201);
    });

    it('is not looked up by the session, as the specification never reads it', () => {
      expect(mayReadUserBookkeeping(model)).toBe(false);
      expect(mayReadUserBookkeeping(parsed(SPEC))).toBe(true);
    });

    it('is read from the account when a filter asks for it', async () => {
      const filter = encodeURIComponent(BOOKKEEPING_FILTER);
      const page = ok(await server.send('bob', 'GET', `/api/memos?filter=${filter}`));
      expect((page.items as Body[]).map((n) => n.id)).toEqual([annMemo.id]);
      const none = ok(
        await server.send(
          'bob',
          'GET',
          `/api/memos?filter=${encodeURIComponent('user.version == 1')}`,
        ),
      );
      expect(none.items).toEqual([]);
    });
  });
}
