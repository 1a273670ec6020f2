import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

const LINKS = specText('Links', {
  3: `
### User

| Field     | Type    | Required | Default | Rules |
| --------- | ------- | -------- | ------- | ----- |
| username  | text    | no       |         | unique |
| following | boolean | no       |         | \`\`computed \`user != null && count(Follow, f, f.follower == user.id && f.followed == record.id) > 0\` \`\` |

### Follow

| Field    | Type              | Required | Default   | Rules                 |
| -------- | ----------------- | -------- | --------- | --------------------- |
| follower | → User            | yes      | \`user.id\` | read-only             |
| followed | → User            | yes      |           | unique with follower  |
| kind     | one of fan, friend | no      | fan       |                       |
`,
  6: `
| Role   | Description | Sign-up |
| ------ | ----------- | ------- |
| reader | Reads       | default |

| Role      | Entity | Actions      | Allowed                                                  | Fields   |
| --------- | ------ | ------------ | -------------------------------------------------------- | -------- |
| anyone    | User   | read         | yes                                                      | all      |
| anyone    | Follow | read         | yes                                                      | all      |
| signed-in | Follow | create       | \`record.follower == user.id && record.followed != user.id\` | followed |
| signed-in | Follow | delete       | \`record.follower == user.id\`                             |          |
`,
  7: `
| Method | Path                           | Operation                  | Response                                  |
| ------ | ------------------------------ | -------------------------- | ----------------------------------------- |
| POST   | /api/sign-in                   | sign-in                    |                                           |
| GET    | /api/profiles/:username        | get User                   | \`{ profile: User { username, following } }\` |
| POST   | /api/profiles/:username/follow | add me as Follow.follower    | \`{ profile: User { username, following } }\` |
| DELETE | /api/profiles/:username/follow | remove me as Follow.follower | \`{ profile: User { username, following } }\` |
| GET    | /api/follows                   | list Follow                | \`{ follows: Follow[], count }\`            |
`,
});
const model = parsed(LINKS);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'link records made and deleted from a path', (databases) => {
    const app = useSignedInServer(databases, model, { ann: ['reader'], bob: ['reader'] });
    const follows = async () => {
      const answer = await app.send(null, 'GET', '/api/follows');
      return answer.json().follows as { follower: string; followed: string; kind: string }[];
    };
    const named = async () => {
      for (const [who, id] of Object.entries(app.ids))
        await app
          .store()
          .db.updateTable('users')
          .set({ username: who })
          .where('id', '=', id)
          .execute();
    };

    it('creates the link once, with its defaults, and answers the path record', async () => {
      await named();
      const first = await app.send('ann', 'POST', '/api/profiles/bob/follow');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ profile: { username: 'bob', following: true } });
      const again = await app.send('ann', 'POST', '/api/profiles/bob/follow');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await follows()).toEqual([
        expect.objectContaining({ follower: app.ids.ann, followed: app.ids.bob, kind: 'fan' }),
      ]);
      const seenByBob = await app.send('bob', 'GET', '/api/profiles/bob');
      expect(seenByBob.json().profile.following).toBe(false);
    });

    it('deletes the link, and a missing link is no error', async () => {
      const gone = await app.send('ann', 'DELETE', '/api/profiles/bob/follow');
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json()).toEqual({ profile: { username: 'bob', following: false } });
      expect(await follows()).toEqual([]);
      const again = await app.send('ann', 'DELETE', '/api/profiles/bob/follow');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(gone.json());
    });

    it('keeps one link when the same follow races', async () => {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => app.send('bob', 'POST', '/api/profiles/ann/follow')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await follows()).filter((f) => f.follower === app.ids.bob)).toHaveLength(1);
    });

    it('asks section 6 about the link: its row conditions refuse', async () => {
      const self = await app.send('ann', 'POST', '/api/profiles/ann/follow');
      expect(self.statusCode, self.body).toBe(403);
      expect((await follows()).some((f) => f.follower === f.followed)).toBe(false);
    });

    it('answers 401 to nobody signed in, before the path, and 404 for nobody there', async () => {
      expect((await app.send(null, 'POST', '/api/profiles/nobody/follow')).statusCode).toBe(401);
      expect((await app.send(null, 'DELETE', '/api/profiles/bob/follow')).statusCode).toBe(401);
      expect((await app.send('ann', 'POST', '/api/profiles/nobody/follow')).statusCode).toBe(404);
    });

    it('documents the link calls in OpenAPI', async () => {
      const paths = (await app.send(null, 'GET', '/openapi.json')).json().paths;
      const follow = paths['/api/profiles/{username}/follow'];
      expect(Object.keys(follow.post.responses)).toContain('200');
      expect(follow.post.responses['403']).toBeDefined();
      expect(follow.delete.description).toContain('Follow');
    });
  });
}
