import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

// A reader may see some fields on some records only: anyone reads the title of an accepted talk,
// a speaker every field of their own. Lists filter and expand by such a field on the records
// that show it (and never test it on the others); a record found by a field of its path is
// found only among those the caller may read, so a hidden one answers as a missing one.
const SPEC = specText('Talks', {
  1: 'Talks proposed by speakers, accepted by a chair.',
  3: `
### Talk

| Field   | Type   | Required | Default   | Rules               |
| ------- | ------ | -------- | --------- | ------------------- |
| slug    | text   | yes      |           | 1..40 chars, unique |
| title   | text   | yes      |           | 1..120 chars        |
| level   | text   | no       |           | at most 20 chars    |
| status  | state  | yes      |           |                     |
| speaker | → User | yes      | \`user.id\` | read-only           |
`,
  4: `
### Talk

- States: draft, accepted
- Initial: draft

| From  | Action | To       | Who   | When | Sets |
| ----- | ------ | -------- | ----- | ---- | ---- |
| draft | accept | accepted | chair |      |      |
`,
  6: `
| Role    | Description     | Sign-up |
| ------- | --------------- | ------- |
| speaker | Proposes talks  | default |
| chair   | Accepts talks   | no      |

| Role    | Entity | Actions      | Allowed                     | Fields                |
| ------- | ------ | ------------ | --------------------------- | --------------------- |
| anyone  | Talk   | read         | \`record.status == "accepted"\` | slug, title           |
| speaker | Talk   | read         | \`record.speaker == user.id\` | all                   |
| speaker | Talk   | create       | yes                         | slug, title, level    |
| chair   | Talk   | read, accept | yes                         | all                   |
| anyone  | User   | read         | yes                         | name                  |
`,
  7: `
| Method | Path                    | Operation              | Payload | Response     |
| ------ | ----------------------- | ---------------------- | ------- | ------------ |
| POST   | /api/sign-in            | sign-in                |         |              |
| GET    | /api/talks              | list Talk              |         | \`Talk[]\` |
| POST   | /api/talks              | create Talk            |         | \`Talk\`   |
| GET    | /api/talks/:slug        | get Talk               |         | \`Talk\`   |
| POST   | /api/talks/:slug/accept | transition Talk.accept |         | \`Talk\`   |
`,
});

const model = parsed(SPEC);
type Item = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'fields some records show', (databases) => {
    const app = useSignedInServer(databases, model, {
      ann: ['speaker'],
      bob: ['speaker'],
      cleo: ['chair'],
    });
    const propose = async (who: string, slug: string, level: string, accept = false) => {
      const made = await app.send(who, 'POST', '/api/talks', { slug, title: slug, level });
      expect(made.statusCode, made.body).toBe(201);
      if (accept) {
        const accepted = await app.send('cleo', 'POST', `/api/talks/${slug}/accept`, {});
        expect(accepted.statusCode, accepted.body).toBe(200);
      }
    };
    const slugs = async (who: string, query: string) => {
      const answer = await app.send(who, 'GET', `/api/talks?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json<Item[]>() as Item[]).map((t) => t.slug).sort();
    };
    let ready = false;
    const talks = async () => {
      if (ready) return;
      await propose('ann', 'ann-draft', 'intro');
      await propose('ann', 'ann-accepted', 'deep', true);
      await propose('bob', 'bob-draft', 'intro');
      await propose('bob', 'bob-accepted', 'intro', true);
      ready = true;
    };

    it('filters by a field only on the records that show it to the caller', async () => {
      await talks();
      // Ann reads the status of her own talks only: Bob's accepted talk shows her its title.
      expect(await slugs('ann', 'filter=record.status == "draft"')).toEqual(['ann-draft']);
      expect(await slugs('ann', 'filter=record.status != "draft"')).toEqual(['ann-accepted']);
      expect(await slugs('ann', 'level=intro')).toEqual(['ann-draft']);
      expect(await slugs('ann', '')).toEqual(['ann-accepted', 'ann-draft', 'bob-accepted']);
      // The chair reads every field of every talk: the filter tests them all.
      expect(await slugs('cleo', 'level=intro')).toEqual([
        'ann-draft',
        'bob-accepted',
        'bob-draft',
      ]);
    });

    it('refuses a field no record shows the caller, as one that does not exist', async () => {
      await talks();
      const answer = await app.send(null, 'GET', '/api/talks?filter=record.status == "accepted"');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
      expect(answer.json().detail).toContain('status');
      const sorted = await app.send('ann', 'GET', '/api/talks?sort=level');
      expect(sorted.statusCode).toBe(400);
    });

    it('expands a reference on a record that shows it', async () => {
      await talks();
      const own = await app.send('ann', 'GET', '/api/talks/ann-draft?include=speaker');
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().speaker).toMatchObject({ id: app.ids.ann, name: 'ann' });
      const other = await app.send('ann', 'GET', '/api/talks/bob-accepted?include=speaker');
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json()).not.toHaveProperty('speaker');
    });

    it('keeps each record’s history, served by the engine beside the declared calls', async () => {
      await talks();
      // Addressed as the declared get addresses a talk: by its slug.
      const history = await app.send('ann', 'GET', '/api/_history/talks/ann-accepted');
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().items).toMatchObject([
        { action: 'accept', fromState: 'draft', toState: 'accepted', byUser: app.ids.cleo },
      ]);
      const hidden = await app.send('bob', 'GET', '/api/_history/talks/ann-draft');
      const missing = await app.send('bob', 'GET', '/api/_history/talks/no-such-talk');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(missing.json());
    });

    it('answers a talk the caller may not read exactly as one that does not exist', async () => {
      await talks();
      const hidden = await app.send('ann', 'GET', '/api/talks/bob-draft');
      const missing = await app.send('ann', 'GET', '/api/talks/no-such-talk');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(missing.json());
      expect(hidden.body).not.toContain(app.ids.bob!);
      const anonymous = await app.send(null, 'GET', '/api/talks/bob-draft');
      expect(anonymous.json()).toEqual((await app.send(null, 'GET', '/api/talks/nope')).json());
      const acting = await app.send('bob', 'POST', '/api/talks/ann-draft/accept', {});
      expect(acting.json()).toEqual(
        (await app.send('bob', 'POST', '/api/talks/nope/accept', {})).json(),
      );
    });
  });
}
