import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { clientCalls, exampleModel, serveApp } from './support/served-example.js';

// The RealWorld ("Conduit") API contract, every fact of it as the tests below state them,
// tried against examples/conduit.spec.md as a RealWorld client meets it: a token in the
// Authorization header, no cookies, JSON in and out, one address.
const model = exampleModel('conduit');

type Body = Record<string, unknown>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const PASSWORD = 'Kx7!vQ2#mZ9p';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Someone registered: the token a RealWorld client keeps, and who they are. */
interface Writer {
  username: string;
  email: string;
  token: string;
}

let people = 0;

/** The error body every RealWorld client reads: `{ errors: { key: [message] } }`. */
function expectError(
  response: LightMyRequestResponse,
  status: number,
  key: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<Body>();
  expect(Object.keys(body), response.body).toEqual(['errors']);
  expect((body.errors as Record<string, string[]>)[key], response.body).toContain(message);
}

for (const dialect of DIALECTS) {
  describeDialect(
    dialect,
    'the RealWorld API contract on examples/conduit.spec.md',
    (databases) => {
      const served = serveApp(databases, model);
      const call = clientCalls(served, 'Token');
      const ok = (response: LightMyRequestResponse, status = 200): Body => {
        expect(response.statusCode, response.body).toBe(status);
        if (status === 204) return {};
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        return response.json<Body>();
      };

      const register = async (): Promise<Writer> => {
        const n = ++people;
        const username = `writer${n}_${dialect}`;
        const email = `writer${n}.${dialect}@conduit.test`;
        const body = ok(
          await call('POST', '/api/users', { user: { username, email, password: PASSWORD } }),
          201,
        );
        const user = body.user as Body;
        return { username, email, token: user.token as string };
      };
      const write = async (by: Writer, article: Body = {}) => {
        const body = ok(
          await call(
            'POST',
            '/api/articles',
            {
              article: {
                title: `How to train your dragon ${++people}`,
                description: 'Ever wonder how?',
                body: 'Very carefully.',
                ...article,
              },
            },
            by.token,
          ),
          201,
        );
        return body.article as Body;
      };

      describe('users', () => {
        it('registers a user: 201 with email, token, username, and bio and image null', async () => {
          const response = await call('POST', '/api/users', {
            user: {
              username: `jake_${dialect}`,
              email: `jake.${dialect}@jake.jake`,
              password: PASSWORD,
            },
          });
          const user = ok(response, 201).user as Body;
          expect(Object.keys(user).sort()).toEqual(['bio', 'email', 'image', 'token', 'username']);
          expect(user).toMatchObject({
            email: `jake.${dialect}@jake.jake`,
            username: `jake_${dialect}`,
            bio: null,
            image: null,
          });
          expect(typeof user.token === 'string' && user.token.length > 0).toBe(true);
        });

        it('logs in with email and password, answering the same body with a working token', async () => {
          const writer = await register();
          const login = ok(
            await call('POST', '/api/users/login', {
              user: { email: writer.email, password: PASSWORD },
            }),
          );
          const user = login.user as Body;
          expect(user).toMatchObject({
            email: writer.email,
            username: writer.username,
            bio: null,
            image: null,
          });
          const me = ok(await call('GET', '/api/user', undefined, user.token as string));
          expect(me.user).toMatchObject({ email: writer.email, username: writer.username });
          expect((me.user as Body).token).toEqual(expect.any(String));
        });

        it('answers the current user to the token, and 401 "token is missing" without one', async () => {
          const writer = await register();
          const me = ok(await call('GET', '/api/user', undefined, writer.token)).user as Body;
          expect(me).toMatchObject({
            email: writer.email,
            username: writer.username,
            bio: null,
            image: null,
          });
          expectError(await call('GET', '/api/user'), 401, 'token', 'is missing');
        });

        it('updates bio and image, stores "" as null, accepts null', async () => {
          const writer = await register();
          const set = ok(
            await call(
              'PUT',
              '/api/user',
              {
                user: { bio: 'I like to skateboard', image: 'https://i.stack.imgur.com/xHWG8.jpg' },
              },
              writer.token,
            ),
          ).user as Body;
          expect(set).toMatchObject({
            bio: 'I like to skateboard',
            image: 'https://i.stack.imgur.com/xHWG8.jpg',
          });
          const emptied = ok(
            await call('PUT', '/api/user', { user: { bio: '', image: '' } }, writer.token),
          ).user as Body;
          expect(emptied).toMatchObject({ bio: null, image: null });
          ok(await call('PUT', '/api/user', { user: { bio: 'again' } }, writer.token));
          const nulled = ok(
            await call('PUT', '/api/user', { user: { bio: null, image: null } }, writer.token),
          ).user as Body;
          expect(nulled).toMatchObject({ bio: null, image: null });
          const stored = ok(await call('GET', '/api/user', undefined, writer.token)).user as Body;
          expect(stored).toMatchObject({ bio: null, image: null });
        });

        it('refuses an email or username set to "" or null with 422', async () => {
          const writer = await register();
          for (const user of [{ email: '' }, { email: null }, { username: '' }, { username: null }])
            expect((await call('PUT', '/api/user', { user }, writer.token)).statusCode).toBe(422);
          const stored = ok(await call('GET', '/api/user', undefined, writer.token)).user as Body;
          expect(stored).toMatchObject({ email: writer.email, username: writer.username });
        });

        it('refuses a password "", null or shorter than 8, and accepts 8 and 64 characters with a token that works', async () => {
          const writer = await register();
          for (const password of ['', null, 'Ab3$xyz'])
            expect(
              (await call('PUT', '/api/user', { user: { password } }, writer.token)).statusCode,
            ).toBe(422);
          let token = writer.token;
          for (const password of ['Qw3$rtyZ', `Zx9!${'k7Lm'.repeat(15)}`]) {
            expect(password.length === 8 || password.length === 64).toBe(true);
            const user = ok(await call('PUT', '/api/user', { user: { password } }, token))
              .user as Body;
            token = user.token as string;
            ok(await call('GET', '/api/user', undefined, token));
            ok(await call('POST', '/api/users/login', { user: { email: writer.email, password } }));
          }
        });

        it('changes email and username, answering a token valid for later calls', async () => {
          const writer = await register();
          const username = `${writer.username}_renamed`;
          const email = `renamed.${writer.email}`;
          const user = ok(
            await call('PUT', '/api/user', { user: { username, email } }, writer.token),
          ).user as Body;
          expect(user).toMatchObject({ username, email });
          const me = ok(await call('GET', '/api/user', undefined, user.token as string))
            .user as Body;
          expect(me).toMatchObject({ username, email });
        });

        it('refuses a registration with a blank username, email or password: 422 "can\'t be blank"', async () => {
          const n = ++people;
          const full = {
            username: `blank${n}_${dialect}`,
            email: `blank${n}.${dialect}@conduit.test`,
            password: PASSWORD,
          };
          for (const key of ['username', 'email', 'password'] as const) {
            expectError(
              await call('POST', '/api/users', { user: { ...full, [key]: '' } }),
              422,
              key,
              "can't be blank",
            );
            const rest: Body = { ...full };
            delete rest[key];
            expectError(
              await call('POST', '/api/users', { user: rest }),
              422,
              key,
              "can't be blank",
            );
          }
        });

        it('refuses a username or email already registered: 409 "has already been taken"', async () => {
          const writer = await register();
          const n = ++people;
          expectError(
            await call('POST', '/api/users', {
              user: {
                username: writer.username,
                email: `other${n}@conduit.test`,
                password: PASSWORD,
              },
            }),
            409,
            'username',
            'has already been taken',
          );
          expectError(
            await call('POST', '/api/users', {
              user: { username: `other${n}_${dialect}`, email: writer.email, password: PASSWORD },
            }),
            409,
            'email',
            'has already been taken',
          );
        });

        it('refuses a login with a blank email or password (422) and a wrong one (401 credentials invalid)', async () => {
          const writer = await register();
          expectError(
            await call('POST', '/api/users/login', { user: { email: '', password: PASSWORD } }),
            422,
            'email',
            "can't be blank",
          );
          expectError(
            await call('POST', '/api/users/login', { user: { email: writer.email, password: '' } }),
            422,
            'password',
            "can't be blank",
          );
          expectError(
            await call('POST', '/api/users/login', {
              user: { email: writer.email, password: 'wrong-password-1' },
            }),
            401,
            'credentials',
            'invalid',
          );
          expectError(
            await call('POST', '/api/users/login', {
              user: { email: `nobody.${writer.email}`, password: PASSWORD },
            }),
            401,
            'credentials',
            'invalid',
          );
        });

        it('refuses a token it never issued', async () => {
          expectError(
            await call('GET', '/api/user', undefined, 'not-a-token'),
            401,
            'token',
            'is missing',
          );
        });
      });

      describe('profiles', () => {
        it('answers a profile with following false to anonymous and signed-in callers', async () => {
          const celeb = await register();
          const fan = await register();
          for (const token of [undefined, fan.token]) {
            const profile = ok(
              await call('GET', `/api/profiles/${celeb.username}`, undefined, token),
            ).profile as Body;
            expect(profile).toEqual({
              username: celeb.username,
              bio: null,
              image: null,
              following: false,
            });
          }
        });

        it('follows and unfollows, both persisting', async () => {
          const celeb = await register();
          const fan = await register();
          const followed = ok(
            await call('POST', `/api/profiles/${celeb.username}/follow`, undefined, fan.token),
          ).profile as Body;
          expect(followed).toMatchObject({ username: celeb.username, following: true });
          expect(
            (
              ok(await call('GET', `/api/profiles/${celeb.username}`, undefined, fan.token))
                .profile as Body
            ).following,
          ).toBe(true);
          expect(
            (ok(await call('GET', `/api/profiles/${celeb.username}`)).profile as Body).following,
          ).toBe(false);
          const unfollowed = ok(
            await call('DELETE', `/api/profiles/${celeb.username}/follow`, undefined, fan.token),
          ).profile as Body;
          expect(unfollowed).toMatchObject({ username: celeb.username, following: false });
          expect(
            (
              ok(await call('GET', `/api/profiles/${celeb.username}`, undefined, fan.token))
                .profile as Body
            ).following,
          ).toBe(false);
        });

        it('answers 404 "profile not found" for an unknown username, and 401 to an anonymous follow', async () => {
          const fan = await register();
          expectError(
            await call('GET', '/api/profiles/nobody-at-all'),
            404,
            'profile',
            'not found',
          );
          expectError(
            await call('POST', '/api/profiles/nobody-at-all/follow', undefined, fan.token),
            404,
            'profile',
            'not found',
          );
          expectError(
            await call('DELETE', '/api/profiles/nobody-at-all/follow', undefined, fan.token),
            404,
            'profile',
            'not found',
          );
          expectError(
            await call('POST', `/api/profiles/${fan.username}/follow`),
            401,
            'token',
            'is missing',
          );
        });
      });

      describe('articles', () => {
        it('creates an article: 201, tags in the order given, not favourited, by the caller', async () => {
          const writer = await register();
          const response = await call(
            'POST',
            '/api/articles',
            {
              article: {
                title: 'How to train your dragon',
                description: 'Ever wonder how?',
                body: 'You have to believe',
                tagList: ['training', 'dragons', 'angular'],
              },
            },
            writer.token,
          );
          const article = ok(response, 201).article as Body;
          expect(Object.keys(article).sort()).toEqual([
            'author',
            'body',
            'createdAt',
            'description',
            'favorited',
            'favoritesCount',
            'slug',
            'tagList',
            'title',
            'updatedAt',
          ]);
          expect(article).toMatchObject({
            title: 'How to train your dragon',
            description: 'Ever wonder how?',
            body: 'You have to believe',
            tagList: ['training', 'dragons', 'angular'],
            favorited: false,
            favoritesCount: 0,
            author: { username: writer.username, bio: null, image: null, following: false },
          });
          expect(article.slug).toEqual(expect.any(String));
          expect(article.createdAt).toMatch(ISO);
          expect(article.updatedAt).toMatch(ISO);
          const withoutTags = await write(writer);
          expect(withoutTags.tagList).toEqual([]);
        });

        it('gives two articles with the same title different slugs, and reads each by its slug', async () => {
          const writer = await register();
          const first = await write(writer, { title: `Same title ${dialect}` });
          const second = await write(writer, { title: `Same title ${dialect}` });
          expect(first.slug).not.toBe(second.slug);
          for (const article of [first, second]) {
            const read = ok(await call('GET', `/api/articles/${article.slug as string}`))
              .article as Body;
            expect(read).toMatchObject({
              slug: article.slug,
              body: 'Very carefully.',
              favorited: false,
            });
          }
        });

        it('updates the body keeping the slug and createdAt, changing updatedAt', async () => {
          const writer = await register();
          const article = await write(writer, { tagList: ['one', 'two'] });
          await pause(5);
          const updated = ok(
            await call(
              'PUT',
              `/api/articles/${article.slug as string}`,
              { article: { body: 'With two hands' } },
              writer.token,
            ),
          ).article as Body;
          expect(updated).toMatchObject({
            slug: article.slug,
            body: 'With two hands',
            createdAt: article.createdAt,
            tagList: ['one', 'two'],
          });
          expect(updated.updatedAt).not.toBe(article.updatedAt);
        });

        it('keeps the tags when tagList is omitted, clears them with [], refuses null', async () => {
          const writer = await register();
          const article = await write(writer, { tagList: ['keep', 'these'] });
          const path = `/api/articles/${article.slug as string}`;
          expect(
            (
              ok(await call('PUT', path, { article: { title: 'Retitled' } }, writer.token))
                .article as Body
            ).tagList,
          ).toEqual(['keep', 'these']);
          // Refused under the name the client sent, not the field's own (tags).
          const refusedNull = await call('PUT', path, { article: { tagList: null } }, writer.token);
          expect(refusedNull.statusCode).toBe(422);
          expect(Object.keys(refusedNull.json<{ errors: Body }>().errors)).toEqual(['tagList']);
          expect(
            (
              ok(await call('PUT', path, { article: { tagList: [] } }, writer.token))
                .article as Body
            ).tagList,
          ).toEqual([]);
        });

        it("refuses someone else's update or delete: 403 article forbidden", async () => {
          const writer = await register();
          const other = await register();
          const path = `/api/articles/${(await write(writer)).slug as string}`;
          expectError(
            await call('PUT', path, { article: { body: 'mine now' } }, other.token),
            403,
            'article',
            'forbidden',
          );
          expectError(
            await call('DELETE', path, undefined, other.token),
            403,
            'article',
            'forbidden',
          );
          expect((ok(await call('GET', path)).article as Body).body).toBe('Very carefully.');
        });

        it('deletes an article: 204, then 404 article not found', async () => {
          const writer = await register();
          const path = `/api/articles/${(await write(writer)).slug as string}`;
          ok(await call('DELETE', path, undefined, writer.token), 204);
          expectError(await call('GET', path), 404, 'article', 'not found');
        });

        it('favourites and unfavourites, both persisting', async () => {
          const writer = await register();
          const reader = await register();
          const path = `/api/articles/${(await write(writer)).slug as string}`;
          const liked = ok(await call('POST', `${path}/favorite`, undefined, reader.token))
            .article as Body;
          expect(liked).toMatchObject({ favorited: true, favoritesCount: 1 });
          expect(ok(await call('GET', path, undefined, reader.token)).article).toMatchObject({
            favorited: true,
            favoritesCount: 1,
          });
          expect(ok(await call('GET', path)).article).toMatchObject({
            favorited: false,
            favoritesCount: 1,
          });
          const unliked = ok(await call('DELETE', `${path}/favorite`, undefined, reader.token))
            .article as Body;
          expect(unliked).toMatchObject({ favorited: false, favoritesCount: 0 });
          expect(ok(await call('GET', path, undefined, reader.token)).article).toMatchObject({
            favorited: false,
            favoritesCount: 0,
          });
        });

        it('answers 404 article not found on every path of an unknown slug', async () => {
          const writer = await register();
          const path = '/api/articles/no-such-article';
          expectError(await call('GET', path), 404, 'article', 'not found');
          expectError(
            await call('PUT', path, { article: { body: 'x' } }, writer.token),
            404,
            'article',
            'not found',
          );
          expectError(
            await call('DELETE', path, undefined, writer.token),
            404,
            'article',
            'not found',
          );
          expectError(
            await call('POST', `${path}/favorite`, undefined, writer.token),
            404,
            'article',
            'not found',
          );
          expectError(
            await call('DELETE', `${path}/favorite`, undefined, writer.token),
            404,
            'article',
            'not found',
          );
          expectError(await call('GET', `${path}/comments`), 404, 'article', 'not found');
          expectError(
            await call('DELETE', `${path}/comments/1`, undefined, writer.token),
            404,
            'article',
            'not found',
          );
          expectError(
            await call('POST', `${path}/comments`, { comment: { body: 'x' } }, writer.token),
            404,
            'article',
            'not found',
          );
        });

        it('checks the token before the slug: an anonymous write to an unknown slug is 401', async () => {
          const path = '/api/articles/no-such-article';
          expectError(
            await call('PUT', path, { article: { body: 'x' } }),
            401,
            'token',
            'is missing',
          );
          expectError(await call('DELETE', path), 401, 'token', 'is missing');
          expectError(await call('POST', `${path}/favorite`), 401, 'token', 'is missing');
          expectError(
            await call('POST', `${path}/comments`, { comment: { body: 'x' } }),
            401,
            'token',
            'is missing',
          );
          expectError(
            await call('POST', '/api/articles', {
              article: { title: 't', description: 'd', body: 'b' },
            }),
            401,
            'token',
            'is missing',
          );
        });

        it('refuses an article with a blank title, description or body: 422 "can\'t be blank"', async () => {
          const writer = await register();
          const full = { title: 'A title', description: 'A description', body: 'A body' };
          for (const key of ['title', 'description', 'body'] as const)
            expectError(
              await call(
                'POST',
                '/api/articles',
                { article: { ...full, [key]: '' } },
                writer.token,
              ),
              422,
              key,
              "can't be blank",
            );
        });
      });

      describe('lists', () => {
        // Every article of this describe block is tagged with the block's own tag, so that the
        // other blocks' articles never count.
        const tag = `list-${dialect}`;
        let alice: Writer;
        let bob: Writer;
        let reader: Writer;
        const slugs: string[] = [];
        beforeAll(async () => {
          alice = await register();
          bob = await register();
          reader = await register();
          for (const [by, extra] of [
            [alice, 'first'],
            [bob, 'second'],
            [alice, 'third'],
          ] as const) {
            slugs.push(
              (await write(by, { title: `Listed ${extra}`, tagList: [tag, extra] })).slug as string,
            );
            await pause(3);
          }
          ok(await call('POST', `/api/articles/${slugs[1]!}/favorite`, undefined, reader.token));
          ok(await call('POST', `/api/profiles/${alice.username}/follow`, undefined, reader.token));
        }, 60_000);
        const list = async (query: string, token?: string) => {
          const body = ok(await call('GET', `/api/articles?${query}`, undefined, token));
          expect(Object.keys(body).sort()).toEqual(['articles', 'articlesCount']);
          return body as { articles: Body[]; articlesCount: number };
        };

        it('lists newest first, without a body key, counting every match', async () => {
          const { articles, articlesCount } = await list(`tag=${tag}`);
          expect(articles.map((a) => a.slug)).toEqual([...slugs].reverse());
          expect(articlesCount).toBe(3);
          for (const article of articles) {
            expect('body' in article).toBe(false);
            expect(article).toMatchObject({ favorited: false, author: { following: false } });
          }
        });

        it('filters by tag, author and favourited-by', async () => {
          expect(
            (await list(`tag=${tag}&author=${alice.username}`)).articles.map((a) => a.slug),
          ).toEqual([slugs[2], slugs[0]]);
          expect((await list(`tag=second`)).articles.map((a) => a.slug)).toContain(slugs[1]);
          expect((await list(`favorited=${reader.username}`)).articles.map((a) => a.slug)).toEqual([
            slugs[1],
          ]);
          expect((await list(`author=nobody-${dialect}`)).articlesCount).toBe(0);
        });

        it('pages with limit and offset, the count still every match', async () => {
          const page = await list(`tag=${tag}&limit=1&offset=1`);
          expect(page.articles.map((a) => a.slug)).toEqual([slugs[1]]);
          expect(page.articlesCount).toBe(3);
          expect((await list(`tag=${tag}&limit=2`)).articles).toHaveLength(2);
          expect((await list(`tag=${tag}&offset=3`)).articles).toHaveLength(0);
        });

        it('tells the reader what they favourite and whom they follow', async () => {
          const { articles } = await list(`tag=${tag}`, reader.token);
          const bySlug = new Map(articles.map((a) => [a.slug, a]));
          expect(bySlug.get(slugs[1])).toMatchObject({
            favorited: true,
            favoritesCount: 1,
            author: { username: bob.username, following: false },
          });
          expect(bySlug.get(slugs[0])).toMatchObject({
            favorited: false,
            author: { username: alice.username, following: true },
          });
        });

        it('feeds the reader the articles of whom they follow, and asks for a token', async () => {
          const feed = ok(await call('GET', '/api/articles/feed', undefined, reader.token)) as {
            articles: Body[];
            articlesCount: number;
          };
          expect(feed.articles.map((a) => a.slug)).toEqual([slugs[2], slugs[0]]);
          expect(feed.articlesCount).toBe(2);
          expect(feed.articles.every((a) => !('body' in a))).toBe(true);
          const page = ok(
            await call('GET', '/api/articles/feed?limit=1&offset=1', undefined, reader.token),
          ) as { articles: Body[]; articlesCount: number };
          expect(page.articles.map((a) => a.slug)).toEqual([slugs[0]]);
          expect(page.articlesCount).toBe(2);
          expectError(await call('GET', '/api/articles/feed'), 401, 'token', 'is missing');
        });

        it('answers the names of the tags in use', async () => {
          const body = ok(await call('GET', '/api/tags'));
          expect(Object.keys(body)).toEqual(['tags']);
          expect(body.tags).toEqual(expect.arrayContaining([tag, 'first', 'second', 'third']));
          expect((body.tags as unknown[]).every((t) => typeof t === 'string')).toBe(true);
        });
      });

      describe('comments', () => {
        it('adds a comment with an integer id, and lists it', async () => {
          const writer = await register();
          const commenter = await register();
          const path = `/api/articles/${(await write(writer)).slug as string}/comments`;
          const comment = ok(
            await call('POST', path, { comment: { body: 'Thank you so much!' } }, commenter.token),
            201,
          ).comment as Body;
          expect(Object.keys(comment).sort()).toEqual([
            'author',
            'body',
            'createdAt',
            'id',
            'updatedAt',
          ]);
          expect(Number.isInteger(comment.id)).toBe(true);
          expect(comment).toMatchObject({
            body: 'Thank you so much!',
            author: { username: commenter.username, following: false },
          });
          expect(comment.createdAt).toMatch(ISO);
          const listed = ok(await call('GET', path)).comments as Body[];
          expect(listed.map((c) => c.id)).toEqual([comment.id]);
        });

        it("deletes one's own comment (204), keeps the others, refuses someone else's (403)", async () => {
          const writer = await register();
          const commenter = await register();
          const path = `/api/articles/${(await write(writer)).slug as string}/comments`;
          const mine = ok(
            await call('POST', path, { comment: { body: 'first' } }, commenter.token),
            201,
          ).comment as Body;
          const theirs = ok(
            await call('POST', path, { comment: { body: 'second' } }, writer.token),
            201,
          ).comment as Body;
          expectError(
            await call('DELETE', `${path}/${String(theirs.id)}`, undefined, commenter.token),
            403,
            'comment',
            'forbidden',
          );
          ok(await call('DELETE', `${path}/${String(mine.id)}`, undefined, commenter.token), 204);
          const listed = ok(await call('GET', path)).comments as Body[];
          expect(listed.map((c) => c.id)).toEqual([theirs.id]);
        });

        it('sends each listed comment’s actions aside, and offers no delete of an article commented on', async () => {
          const writer = await register();
          const commenter = await register();
          const slug = (await write(writer)).slug as string;
          const path = `/api/articles/${slug}/comments`;
          const articleActions = async () =>
            (await call('GET', `/api/articles/${slug}`, undefined, writer.token)).headers[
              'specrun-actions'
            ];
          expect(await articleActions()).toBe('update, delete');
          const mine = ok(
            await call('POST', path, { comment: { body: 'first' } }, commenter.token),
            201,
          ).comment as Body;
          ok(await call('POST', path, { comment: { body: 'second' } }, writer.token), 201);
          // The RealWorld shape has no room for actions: the page's go in a header, in its order.
          const listed = await call('GET', path, undefined, commenter.token);
          const ids = (ok(listed).comments as Body[]).map((c) => c.id);
          const actions = String(listed.headers['specrun-page-actions']).split(';');
          expect(actions.map((a) => a.trim())).toEqual(
            ids.map((id) => (id === mine.id ? 'delete' : '')),
          );
          // Comments refer to the article: deleting it would be refused, so it is not offered.
          expect(await articleActions()).toBe('update');
          for (const id of ids) {
            const by = id === mine.id ? commenter : writer;
            ok(await call('DELETE', `${path}/${String(id)}`, undefined, by.token), 204);
          }
          expect(await articleActions()).toBe('update, delete');
        });

        it('answers 404 comment not found for an unknown id on an existing article, 422 for a blank body, 401 without a token', async () => {
          const writer = await register();
          const path = `/api/articles/${(await write(writer)).slug as string}/comments`;
          expectError(
            await call('DELETE', `${path}/999999`, undefined, writer.token),
            404,
            'comment',
            'not found',
          );
          expectError(
            await call('POST', path, { comment: { body: '' } }, writer.token),
            422,
            'body',
            "can't be blank",
          );
          expectError(
            await call('POST', path, { comment: { body: 'hi' } }),
            401,
            'token',
            'is missing',
          );
        });
      });

      describe('wire', () => {
        it('lets a front end on another origin call the API', async () => {
          const preflight = await call('OPTIONS', '/api/articles', undefined, undefined, {
            origin: 'https://front.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          });
          expect(preflight.statusCode).toBeLessThan(300);
          expect(preflight.headers['access-control-allow-origin']).toMatch(
            /^(\*|https:\/\/front\.example)$/,
          );
          expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
            'authorization',
          );
          const read = await call('GET', '/api/tags', undefined, undefined, {
            origin: 'https://front.example',
          });
          expect(read.headers['access-control-allow-origin']).toMatch(
            /^(\*|https:\/\/front\.example)$/,
          );
        });
      });
    },
  );
}
