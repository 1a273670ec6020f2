import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addAccount,
  createServer,
  migrate,
  openStore,
  prepareApp,
  type Store,
} from '../../src/index.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

// Section 7 shapes as projections: named shapes, only the fields listed in their order,
// references rendered as objects with the caller's computed values, renames both ways, a list
// of references as one field on read and on write, a list answered as one field, a count under
// a client's name, and "" for an optional text stored as null.
const SPEC = specText('Writers', {
  3: `
### User

| Field     | Type         | Required | Default | Rules                                                       |
| --------- | ------------ | -------- | ------- | ----------------------------------------------------------- |
| username  | text         | no       |         | unique                                                      |
| bio       | text         | no       |         |                                                             |
| image     | url          | no       |         |                                                             |
| followers | list of User | no       |         |                                                             |
| following | boolean      | no       |         | \`\`computed \`user != null && user.id in record.followers\` \`\` |

### Tag

| Field | Type | Required | Default | Rules  |
| ----- | ---- | -------- | ------- | ------ |
| name  | text | yes      |         | unique |

### Article

| Field       | Type         | Required | Default   | Rules                                                           |
| ----------- | ------------ | -------- | --------- | --------------------------------------------------------------- |
| title       | text         | yes      |           |                                                                 |
| body        | text         | yes      |           |                                                                 |
| tags        | list of Tag  | no       |           |                                                                 |
| author      | → User       | yes      | \`user.id\` | read-only                                                       |
| favoritedBy | list of User | no       |           |                                                                 |
| favorited   | boolean      | no       |           | \`\`computed \`user != null && user.id in record.favoritedBy\` \`\` |

### Comment

| Field   | Type      | Required | Default   | Rules        |
| ------- | --------- | -------- | --------- | ------------ |
| number  | integer   |          |           | numbered {n} |
| body    | text      | yes      |           |              |
| author  | → User    | yes      | \`user.id\` | read-only    |
`,
  6: `
| Role   | Description   | Sign-up |
| ------ | ------------- | ------- |
| writer | Writes        | default |
| reader | Only reads    |         |

| Role      | Entity  | Actions | Allowed                | Fields                          |
| --------- | ------- | ------- | ---------------------- | ------------------------------- |
| anyone    | User    | read    | yes                    | username, bio, image, following |
| signed-in | User    | read    | \`record.id == user.id\` | all                             |
| signed-in | User    | update  | \`record.id == user.id\` | username, bio, image            |
| signed-in | User    | update  | yes                    | followers                       |
| anyone    | Tag     | read    | yes                    | name                            |
| writer    | Tag     | create  | yes                    | name                            |
| anyone    | Article | read    | yes                    | all                             |
| signed-in | Article | create  | yes                    | title, body, tags               |
| signed-in | Article | update  | \`record.author == user.id\` | title, body, tags         |
| anyone    | Comment | read    | yes                    | all                             |
| signed-in | Comment | create  | yes                    | body                            |
| signed-in | Comment | delete  | \`record.author == user.id\` |                           |
`,
  7: `
| Shape       | Definition                                                                          |
| ----------- | ----------------------------------------------------------------------------------- |
| Account     | \`User { email, username }\`                                                          |
| Profile     | \`User { username, bio, image, following }\`                                          |
| ArticleView | \`Article { title, text: body, tagList: tags.name, favorited, author: Profile }\`     |
| ArticleItem | \`Article { title, tagList: tags.name, favorited, author: Profile }\`                 |
| CommentView | \`Comment { id: number, body, author: User { username } }\`                           |
| ArticleCard | \`Article { title, writer: author Profile }\`                                         |

| Method | Path                    | Operation      | Payload                                                  | Response                                           |
| ------ | ----------------------- | -------------- | -------------------------------------------------------- | -------------------------------------------------- |
| POST   | /api/sign-in            | sign-in        |                                                          |                                                    |
| GET    | /api/profiles/:id       | get User       |                                                          | \`{ profile: Profile }\`                             |
| GET    | /api/accounts/:id       | get User       |                                                          | \`{ user: Account }\`                                |
| PUT    | /api/profiles/:id       | update User    | \`{ user: { username?, bio?, image? } }\`                  | \`{ profile: Profile }\`                             |
| PUT    | /api/followers/:id      | update User    | \`{ followers }\`                                          |                                                    |
| GET    | /api/articles           | list Article   |                                                          | \`{ articles: ArticleItem[], articlesCount: count }\` |
| GET    | /api/articles/:id       | get Article    |                                                          | \`{ article: ArticleView }\`                         |
| POST   | /api/articles           | create Article | \`{ article: { title, text: body, tagList?: tags.name } }\` | \`{ article: ArticleView }\`                         |
| PUT    | /api/articles/:id       | update Article | \`{ article: { title?, tagList?: tags.name } }\`           | \`{ article: ArticleView }\`                         |
| POST   | /api/comments           | create Comment | \`{ comment: { body } }\`                                  | \`{ comment: CommentView }\`                         |
| GET    | /api/comments/:id       | get Comment    |                                                          | \`{ comment: CommentView }\`                         |
| DELETE | /api/comments/:id       | delete Comment |                                                          | \`{ comment: CommentView }\`                         |
| GET    | /api/tags               | list Tag       |                                                          | \`{ tags: Tag.name[] }\`                             |
| GET    | /api/cards              | list Article   |                                                          | \`{ cards: ArticleCard[] }\`                        |
| GET    | /api/cards/:id          | get Article    |                                                          | \`ArticleCard\`                                     |
| GET    | /api/notes/:id          | get Comment    |                                                          | \`Comment { body, by: author User { username } }\`  |
`,
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'response shapes as projections', (databases) => {
    const server = useSignedInServer(databases, parsed(SPEC), {
      alice: ['writer'],
      bob: ['writer'],
      dave: ['reader'],
    });
    const { send, ids } = server;
    let articleId = '';

    it('a profile answers only its fields, in order, with following for the caller', async () => {
      for (const [who, username] of [
        ['alice', 'alice'],
        ['bob', 'bob'],
      ] as const) {
        const named = await send(who, 'PUT', `/api/profiles/${ids[who]!}`, {
          user: { username, bio: '' },
        });
        expect(named.statusCode, named.body).toBe(200);
        // "" for an optional text is stored and answered as null.
        expect(named.json().profile.bio).toBeNull();
      }
      const followed = await send('alice', 'PUT', `/api/followers/${ids.bob!}`, {
        followers: [ids.alice],
      });
      expect(followed.statusCode, followed.body).toBe(204);
      const url = `/api/profiles/${ids.bob!}`;
      const anonymous = (await send(null, 'GET', url)).json();
      expect(anonymous).toEqual({
        profile: { username: 'bob', bio: null, image: null, following: false },
      });
      expect(Object.keys(anonymous.profile)).toEqual(['username', 'bio', 'image', 'following']);
      expect((await send('alice', 'GET', url)).json().profile.following).toBe(true);
      expect((await send('dave', 'GET', url)).json().profile.following).toBe(false);
    });

    it('leaves out, not null, a projected field the caller may not read', async () => {
      const url = `/api/accounts/${ids.alice!}`;
      expect((await send(null, 'GET', url)).json()).toEqual({ user: { username: 'alice' } });
      expect((await send('alice', 'GET', url)).json()).toEqual({
        user: { email: 'alice@example.test', username: 'alice' },
      });
    });

    it('takes a list of references by name, creating the missing ones, order kept', async () => {
      const created = await send('bob', 'POST', '/api/articles', {
        article: { title: 'First', text: 'Hello', tagList: ['b', 'a', 'b'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { article } = created.json();
      articleId = created.headers.location!.split('/').at(-1)!;
      expect(article).toEqual({
        title: 'First',
        text: 'Hello',
        tagList: ['b', 'a'],
        favorited: false,
        author: { username: 'bob', bio: null, image: null, following: false },
      });
      const second = await send('alice', 'POST', '/api/articles', {
        article: { title: 'Second', text: 'Again', tagList: ['a', 'c'] },
      });
      expect(second.json().article.tagList).toEqual(['a', 'c']);
      const tags = (await send(null, 'GET', '/api/tags')).json();
      expect([...tags.tags].sort()).toEqual(['a', 'b', 'c']);
    });

    it('refuses to create a referenced record the caller may not create', async () => {
      const refused = await send('dave', 'POST', '/api/articles', {
        article: { title: 'Mine', text: 'x', tagList: ['new'] },
      });
      expect(refused.statusCode, refused.body).toBe(403);
      const allowed = await send('dave', 'POST', '/api/articles', {
        article: { title: 'Mine', text: 'x', tagList: ['a'] },
      });
      expect(allowed.statusCode, allowed.body).toBe(201);
    });

    it('keeps the list when left out, clears it with [], refuses null', async () => {
      const url = `/api/articles/${articleId}`;
      const kept = await send('bob', 'PUT', url, { article: { title: 'First!' } });
      expect(kept.json().article).toMatchObject({ title: 'First!', tagList: ['b', 'a'] });
      const refused = await send('bob', 'PUT', url, { article: { tagList: null } });
      expect(refused.statusCode, refused.body).toBe(422);
      const cleared = await send('bob', 'PUT', url, { article: { tagList: [] } });
      expect(cleared.json().article.tagList).toEqual([]);
      await send('bob', 'PUT', url, { article: { tagList: ['c', 'b'] } });
      expect((await send(null, 'GET', url)).json().article.tagList).toEqual(['c', 'b']);
    });

    it('lists projected records with the count under its own name, author per caller', async () => {
      const anonymous = (await send(null, 'GET', '/api/articles')).json();
      expect(anonymous.articlesCount).toBe(3);
      expect(anonymous.articles).toHaveLength(3);
      for (const item of anonymous.articles) {
        expect(Object.keys(item)).toEqual(['title', 'tagList', 'favorited', 'author']);
        expect(item.author.following).toBe(false);
      }
      const byAlice = (await send('alice', 'GET', '/api/articles')).json();
      const first = byAlice.articles.find((a: { title: string }) => a.title === 'First!');
      expect(first.author).toEqual({ username: 'bob', bio: null, image: null, following: true });
    });

    it('renames a field on read and renders a reference with an inline projection', async () => {
      const made = await send('alice', 'POST', '/api/comments', { comment: { body: 'Nice' } });
      expect(made.statusCode, made.body).toBe(201);
      const answer = { comment: { id: 1, body: 'Nice', author: { username: 'alice' } } };
      expect(made.json()).toEqual(answer);
      const url = `/api/comments/${made.headers.location!.split('/').at(-1)!}`;
      expect((await send(null, 'GET', url)).json()).toEqual(answer);
      const note = `/api/notes/${made.headers.location!.split('/').at(-1)!}`;
      expect((await send(null, 'GET', note)).json()).toEqual({
        body: 'Nice',
        by: { username: 'alice' },
      });
      const deleted = await send('alice', 'DELETE', url);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual(answer);
    });

    it('renders a renamed reference as its object, in lists and gets, per caller', async () => {
      const bob = { username: 'bob', bio: null, image: null };
      const anonymous = (await send(null, 'GET', '/api/cards')).json();
      expect(anonymous.cards).toHaveLength(3);
      for (const card of anonymous.cards) {
        expect(Object.keys(card)).toEqual(['title', 'writer']);
        expect(Object.keys(card.writer)).toEqual(['username', 'bio', 'image', 'following']);
        expect(card.writer.following).toBe(false);
      }
      const byAlice = (await send('alice', 'GET', '/api/cards')).json();
      const first = byAlice.cards.find((c: { title: string }) => c.title === 'First!');
      expect(first).toEqual({ title: 'First!', writer: { ...bob, following: true } });
      const url = `/api/cards/${articleId}`;
      expect((await send('alice', 'GET', url)).json()).toEqual(first);
      expect((await send('dave', 'GET', url)).json()).toEqual({
        title: 'First!',
        writer: { ...bob, following: false },
      });
    });
  });
}

describeDialect('sqlite', 'OpenAPI of projections', (databases) => {
  const server = useSignedInServer(databases, parsed(SPEC), {});

  it('describes each named shape as one component, with only its properties', async () => {
    const document = (await server.send(null, 'GET', '/openapi.json')).json();
    const schemas = document.components.schemas;
    expect(Object.keys(schemas.Profile.properties)).toEqual([
      'username',
      'bio',
      'image',
      'following',
    ]);
    expect(schemas.Profile.additionalProperties).toBe(false);
    expect(Object.keys(schemas.ArticleView.properties)).toEqual([
      'title',
      'text',
      'tagList',
      'favorited',
      'author',
    ]);
    expect(schemas.ArticleView.properties.tagList).toMatchObject({
      type: 'array',
      items: { type: 'string' },
    });
    expect(JSON.stringify(schemas.ArticleView.properties.author)).toContain(
      '#/components/schemas/Profile',
    );
    expect(schemas.CommentView.properties.id.type).toContain('integer');
    const list = document.paths['/api/articles'].get.responses['200'].content['application/json'];
    expect(list.schema.properties.articles.items.$ref).toBe('#/components/schemas/ArticleItem');
    expect(list.schema.properties.articlesCount.type).toBe('integer');
    const create = document.paths['/api/articles'].post.requestBody.content['application/json'];
    const article = create.schema.properties.article;
    expect(Object.keys(article.properties)).toEqual(['title', 'text', 'tagList']);
    expect(article.properties.tagList.items.type).toBe('string');
    const tags = document.paths['/api/tags'].get.responses['200'].content['application/json'];
    expect(tags.schema.properties.tags.items.type).toBe('string');
    // A renamed reference: the shape it is rendered as, under the wire name.
    expect(Object.keys(schemas.ArticleCard.properties)).toEqual(['title', 'writer']);
    expect(JSON.stringify(schemas.ArticleCard.properties.writer)).toContain(
      '#/components/schemas/Profile',
    );
    const note = document.paths['/api/notes/{id}'].get.responses['200'].content['application/json'];
    const by = note.schema.properties.by;
    expect(by.type).toEqual(['object', 'null']);
    expect(Object.keys(by.properties)).toEqual(['username']);
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'projections load references once per page', (databases) => {
    const model = parsed(SPEC);
    let store: Store | undefined;
    let app: Awaited<ReturnType<typeof createServer>> | undefined;
    let statements: string[] | undefined;
    const sessions: string[] = [];
    beforeAll(async () => {
      store = openStore({
        ...(await databases.fresh()),
        onStatement: (text) => statements?.push(text),
      });
      await migrate(store, model);
      app = await createServer({ model, store, passwordCost: TEST_COST });
      for (const who of ['ann', 'ben', 'cat', 'dan']) {
        const email = `${who}@example.test`;
        const password = 'correct horse battery staple';
        await addAccount(
          model,
          store,
          { email, name: who, roles: ['writer'], password },
          TEST_COST,
        );
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/sign-in',
          payload: { email, password },
        });
        sessions.push(signedIn.cookies.find((c) => c.name === 'specrun_session')!.value);
      }
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    const write = (session: string, n: number) =>
      app!.inject({
        method: 'POST',
        url: '/api/articles',
        headers: { cookie: `specrun_session=${session}` },
        payload: { article: { title: `T${n}`, text: 'x', tagList: [`t${n}`, `u${n}`] } },
      });
    const listed = async (url = '/api/articles', key = 'articles') => {
      statements = [];
      const response = await app!.inject({ method: 'GET', url });
      const ran = statements.length;
      statements = undefined;
      return { articles: response.json()[key] as unknown[], ran };
    };

    it("works out the caller's computed values in SQL, false for an anonymous caller", () => {
      // `following` and `favorited` (user != null && user.id in ...) are read in the database.
      const prepared = prepareApp(model, store!);
      expect(prepared.entities.get('User')!.computedInDatabase).toContain('following');
      expect(prepared.entities.get('Article')!.computedInDatabase).toContain('favorited');
    });

    it('answers twice as many articles, authors and tags in as many statements', async () => {
      for (const n of [0, 1]) expect((await write(sessions[n]!, n)).statusCode).toBe(201);
      const two = await listed();
      const twoCards = await listed('/api/cards', 'cards');
      expect(two.articles).toHaveLength(2);
      expect(twoCards.articles).toHaveLength(2);
      for (const n of [2, 3]) expect((await write(sessions[n]!, n)).statusCode).toBe(201);
      const four = await listed();
      expect(four.articles).toHaveLength(4);
      expect(four.ran).toBe(two.ran);
      // A renamed reference (`writer: author Profile`) is loaded once per page too.
      const fourCards = await listed('/api/cards', 'cards');
      expect(fourCards.articles).toHaveLength(4);
      expect(fourCards.ran).toBe(twoCards.ran);
    });
  });
}
