import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

const STATUSES = specText('Statuses', {
  3: `
### User

| Field    | Type         | Required | Default | Rules |
| -------- | ------------ | -------- | ------- | ----- |
| watching | list of User | no       |         |       |

### Note

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| title | text | yes      |         |       |
| body  | text | no       |         |       |
`,
  6: `
| Role   | Description | Sign-up |
| ------ | ----------- | ------- |
| writer | Writes      | default |

| Role      | Entity | Actions                      | Allowed | Fields      |
| --------- | ------ | ---------------------------- | ------- | ----------- |
| anyone    | User   | read                         | yes     | all         |
| signed-in | Note   | read, create, update, delete | yes     | title, body |
`,
  7: `
| Method | Path                  | Operation                 | Payload               | Response          | Status |
| ------ | --------------------- | ------------------------- | --------------------- | ----------------- | ------ |
| POST   | /api/sign-in          | sign-in                   |                       |                   |        |
| POST   | /api/users            | sign-up                   |                       | \`{ user: User }\`  | 200    |
| POST   | /api/notes            | create Note               | \`{ note: { title } }\` | \`{ note: Note }\`  | 200    |
| POST   | /api/drafts           | create Note               | \`{ title }\`           |                   | 204    |
| PUT    | /api/notes/:id        | update Note               | \`{ title?, body? }\`   |                   | 204    |
| PATCH  | /api/notes/:id        | update Note               | \`{ title?, body? }\`   |                   | 200    |
| DELETE | /api/notes/:id        | delete Note               |                       |                   | 200    |
| DELETE | /api/notes/:id/shaped | delete Note               |                       | \`Note { title }\`  | 200    |
| DELETE | /api/notes/:id/quiet  | delete Note               |                       |                   |        |
| POST   | /api/users/:id/watch  | add me to User.watching   |                       | \`{ user: User }\`  | 201    |
| DELETE | /api/users/:id/watch  | remove me from User.watching |                    | \`{ user: User }\`  |        |
`,
});
const model = parsed(STATUSES);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'declared success statuses', (databases) => {
    const app = useSignedInServer(databases, model, { ann: ['writer'] });
    const note = async (title: string): Promise<string> => {
      const created = await app.send('ann', 'POST', '/api/notes', { note: { title } });
      expect(created.statusCode, created.body).toBe(200);
      return created.json().note.id as string;
    };

    it('answers a create and a sign-up at the declared 200', async () => {
      const signUp = await app.send(null, 'POST', '/api/users', {
        email: 'cat@example.test',
        name: 'Cat',
        password: 'a long enough passphrase',
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect(signUp.json().user.email).toBe('cat@example.test');
      expect(await note('One')).toEqual(expect.any(String));
    });

    it('answers a declared 204 with no body, the change made', async () => {
      const draft = await app.send('ann', 'POST', '/api/drafts', { title: 'Draft' });
      expect(draft.statusCode, draft.body).toBe(204);
      expect(draft.body).toBe('');
      const id = await note('Two');
      const put = await app.send('ann', 'PUT', `/api/notes/${id}`, { body: 'written' });
      expect(put.statusCode, put.body).toBe(204);
      expect(put.body).toBe('');
      const patch = await app.send('ann', 'PATCH', `/api/notes/${id}`, { title: 'Second' });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json()).toMatchObject({ id, title: 'Second', body: 'written' });
    });

    it('answers a delete declared 200 with the record, or its declared shape', async () => {
      const id = await note('Three');
      const deleted = await app.send('ann', 'DELETE', `/api/notes/${id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toMatchObject({ id, title: 'Three' });
      const shaped = await app.send('ann', 'DELETE', `/api/notes/${await note('Four')}/shaped`);
      expect(shaped.statusCode, shaped.body).toBe(200);
      expect(shaped.json()).toEqual({ title: 'Four' });
      const quiet = await app.send('ann', 'DELETE', `/api/notes/${await note('Five')}/quiet`);
      expect(quiet.statusCode).toBe(204);
    });

    it('answers an add declared 201, and its remove at the engine’s 200', async () => {
      const added = await app.send('ann', 'POST', `/api/users/${app.ids.ann}/watch`);
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().user.watching).toEqual([app.ids.ann]);
      const removed = await app.send('ann', 'DELETE', `/api/users/${app.ids.ann}/watch`);
      expect(removed.statusCode, removed.body).toBe(200);
    });

    it('documents the declared statuses in OpenAPI', async () => {
      const paths = (await app.send(null, 'GET', '/openapi.json')).json().paths;
      const success = (path: string, method: string) =>
        Object.keys(paths[path][method].responses).filter((s) => s.startsWith('2'));
      expect(success('/api/users', 'post')).toEqual(['200']);
      expect(success('/api/notes', 'post')).toEqual(['200']);
      expect(success('/api/drafts', 'post')).toEqual(['204']);
      expect(success('/api/notes/{id}', 'put')).toEqual(['204']);
      expect(success('/api/notes/{id}', 'delete')).toEqual(['200']);
      expect(paths['/api/notes/{id}'].delete.responses['200'].content).toBeDefined();
      expect(success('/api/notes/{id}/quiet', 'delete')).toEqual(['204']);
      expect(success('/api/users/{id}/watch', 'post')).toEqual(['201']);
      expect(success('/api/users/{id}/watch', 'delete')).toEqual(['200']);
    });
  });
}
