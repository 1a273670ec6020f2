import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed } from '../support/parsed-model.js';
import { ADDRESSED } from './support/addressed-spec.js';
import { useSignedInServer } from './support/signed-in-server.js';

const model = parsed(ADDRESSED);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'records addressed by their paths', (databases) => {
    const app = useSignedInServer(databases, model, { ann: ['writer'], bob: ['writer'] });
    let named = false;
    const write = async (who: string, title: string, extra: Record<string, unknown> = {}) => {
      if (!named) {
        const db = app.store().db;
        for (const [who, id] of Object.entries(app.ids))
          await db.updateTable('users').set({ username: who }).where('id', '=', id).execute();
        named = true;
      }
      const response = await app.send(who, 'POST', '/api/articles', {
        article: { title, ...extra },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().article as { id: string; slug: string; version: number };
    };

    describe('slug from title', () => {
      it('derives a kebab-case ASCII slug at create, -2 and -3 on a clash', async () => {
        const first = await write('ann', 'Crème brûlée: the Art & Craft!');
        expect(first.slug).toBe('creme-brulee-the-art-craft');
        expect((await write('bob', 'Crème Brûlée — the art, craft')).slug).toBe(
          'creme-brulee-the-art-craft-2',
        );
        expect((await write('ann', 'creme brulee the art craft')).slug).toBe(
          'creme-brulee-the-art-craft-3',
        );
        expect((await write('ann', '日本語 🍣')).slug).toBe('article');
      });

      it('keeps the slug when the title changes, and never takes one from the caller', async () => {
        const article = await write('ann', 'Kept slug');
        const renamed = await app.send('ann', 'PUT', '/api/articles/kept-slug', {
          article: { title: 'Another title' },
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(renamed.json().article).toMatchObject({
          slug: article.slug,
          title: 'Another title',
        });
        const sent = await app.send('ann', 'POST', '/api/articles', {
          article: { title: 'Mine', slug: 'chosen' },
        });
        expect(sent.statusCode).toBe(400);
      });

      it('follows the source when the rule says so, with the same clash rule', async () => {
        const one = await app.send('ann', 'POST', '/api/pages', { heading: 'Home page' });
        expect(one.json().slug).toBe('home-page');
        const two = await app.send('ann', 'POST', '/api/pages', { heading: 'About' });
        const moved = await app.send('ann', 'PATCH', '/api/pages/about', { heading: 'Home page' });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json()).toMatchObject({ id: two.json().id, slug: 'home-page-2' });
        const same = await app.send('ann', 'PATCH', '/api/pages/home-page-2', {
          heading: 'Home page',
        });
        expect(same.json().slug).toBe('home-page-2');
      });

      it('gives distinct slugs to creates racing with the same title', async () => {
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            app.send('ann', 'POST', '/api/articles', { article: { title: 'Race' } }),
          ),
        );
        expect(
          answers.map((a) => a.statusCode),
          answers.map((a) => a.body).join(),
        ).toEqual(Array(6).fill(201));
        const slugs = answers.map((a) => a.json().article.slug as string);
        expect(new Set(slugs).size).toBe(6);
        expect(slugs).toContain('race');
      });
    });

    describe('the last parameter addresses the record by its field', () => {
      it('gets, updates and deletes an article by slug; an unknown slug is 404', async () => {
        const article = await write('ann', 'By slug');
        const read = await app.send(null, 'GET', '/api/articles/by-slug');
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json().article.id).toBe(article.id);
        expect((await app.send(null, 'GET', '/api/articles/no-such-slug')).statusCode).toBe(404);
        const foreign = await app.send('bob', 'PUT', '/api/articles/by-slug', {
          article: { body: 'mine now' },
        });
        expect(foreign.statusCode).toBe(403);
        expect((await app.send('bob', 'DELETE', '/api/articles/by-slug')).statusCode).toBe(403);
        expect((await app.send('ann', 'DELETE', '/api/articles/by-slug')).statusCode).toBe(204);
        expect((await app.send(null, 'GET', '/api/articles/by-slug')).statusCode).toBe(404);
      });

      it('answers 404 for a record the caller may not read, as for none', async () => {
        await write('ann', 'Hidden one', { hidden: true });
        expect((await app.send('ann', 'GET', '/api/articles/hidden-one')).statusCode).toBe(200);
        expect((await app.send('bob', 'GET', '/api/articles/hidden-one')).statusCode).toBe(404);
      });

      it('gets a user by username', async () => {
        await write('ann', 'Named first');
        const profile = await app.send(null, 'GET', '/api/profiles/bob');
        expect(profile.statusCode, profile.body).toBe(200);
        expect(profile.json().profile).toMatchObject({ id: app.ids.bob, username: 'bob' });
        expect((await app.send(null, 'GET', '/api/profiles/nobody')).statusCode).toBe(404);
      });
    });

    describe('comments under their article', () => {
      it('creates from the path, numbers them as JSON integers, lists only the article’s', async () => {
        await write('ann', 'Talked about');
        await write('ann', 'Quiet');
        const url = '/api/articles/talked-about/comments';
        const made = await app.send('bob', 'POST', url, { comment: { body: 'First!' } });
        expect(made.statusCode, made.body).toBe(201);
        const comment = made.json().comment;
        expect(Number.isInteger(comment.number)).toBe(true);
        expect(typeof comment.number).toBe('number');
        await app.send('ann', 'POST', '/api/articles/quiet/comments', { comment: { body: 'x' } });
        const listed = await app.send(null, 'GET', url);
        expect(listed.statusCode, listed.body).toBe(200);
        expect(listed.json().comments.map((c: { body: string }) => c.body)).toEqual(['First!']);
        const one = await app.send(null, 'GET', `${url}/${comment.number}`);
        expect(one.statusCode, one.body).toBe(200);
        expect(one.json().comment).toMatchObject({ id: comment.id, body: 'First!' });
      });

      it('refuses a payload naming the parent, and a parent that is missing or unreadable', async () => {
        const article = await write('ann', 'Parent');
        await write('ann', 'Secret parent', { hidden: true });
        const url = '/api/articles/parent/comments';
        const named = await app.send('bob', 'POST', url, {
          comment: { body: 'x', article: article.id },
        });
        expect(named.statusCode).toBe(400);
        const missing = await app.send('bob', 'POST', '/api/articles/nope/comments', {
          comment: { body: 'x' },
        });
        expect(missing.statusCode).toBe(404);
        expect((await app.send(null, 'GET', '/api/articles/nope/comments')).statusCode).toBe(404);
        const hidden = '/api/articles/secret-parent/comments';
        expect((await app.send('bob', 'GET', hidden)).statusCode).toBe(404);
        expect((await app.send('bob', 'POST', hidden, { comment: { body: 'x' } })).statusCode).toBe(
          404,
        );
        expect((await app.send('ann', 'GET', hidden)).statusCode).toBe(200);
      });

      it('answers 404 for a comment under another article, and deletes by number', async () => {
        await write('ann', 'Home');
        await write('ann', 'Elsewhere');
        const made = await app.send('bob', 'POST', '/api/articles/home/comments', {
          comment: { body: 'here' },
        });
        const { number } = made.json().comment;
        const wrong = `/api/articles/elsewhere/comments/${number}`;
        expect((await app.send(null, 'GET', wrong)).statusCode).toBe(404);
        expect((await app.send('bob', 'DELETE', wrong)).statusCode).toBe(404);
        expect((await app.send(null, 'GET', '/api/articles/home/comments/abc')).statusCode).toBe(
          404,
        );
        const right = `/api/articles/home/comments/${number}`;
        expect((await app.send('ann', 'DELETE', right)).statusCode).toBe(403);
        expect((await app.send('bob', 'DELETE', right)).statusCode).toBe(204);
        expect((await app.send(null, 'GET', right)).statusCode).toBe(404);
      });
    });

    describe('add me to / remove me from a list of User', () => {
      it('favourites idempotently, answers the record, leaves version and updatedAt', async () => {
        const article = await write('ann', 'Liked');
        const before = (await app.send(null, 'GET', '/api/articles/liked')).json().article;
        const url = '/api/articles/liked/favorite';
        const first = await app.send('bob', 'POST', url);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json().article.favoritedBy).toEqual([app.ids.bob]);
        const again = await app.send('bob', 'POST', url);
        expect(again.json().article.favoritedBy).toEqual([app.ids.bob]);
        await app.send('ann', 'POST', url);
        const both = (await app.send(null, 'GET', '/api/articles/liked')).json().article;
        expect(both.favoritedBy).toEqual([app.ids.bob, app.ids.ann]);
        expect(both).toMatchObject({ version: article.version, updatedAt: before.updatedAt });
        const removed = await app.send('bob', 'DELETE', url);
        expect(removed.statusCode).toBe(200);
        expect(removed.json().article.favoritedBy).toEqual([app.ids.ann]);
        const twice = await app.send('bob', 'DELETE', url);
        expect(twice.json().article.favoritedBy).toEqual([app.ids.ann]);
      });

      it('needs a signed-in caller first, then a record they may read', async () => {
        await write('ann', 'Locked', { hidden: true });
        expect((await app.send(null, 'POST', '/api/articles/no-such/favorite')).statusCode).toBe(
          401,
        );
        expect((await app.send('bob', 'POST', '/api/articles/no-such/favorite')).statusCode).toBe(
          404,
        );
        expect((await app.send('bob', 'POST', '/api/articles/locked/favorite')).statusCode).toBe(
          404,
        );
      });

      it('follows and unfollows a user by username', async () => {
        await write('ann', 'Follow setup');
        const followed = await app.send('ann', 'POST', '/api/profiles/bob/follow');
        expect(followed.statusCode, followed.body).toBe(200);
        expect(followed.json().profile.followers).toEqual([app.ids.ann]);
        const left = await app.send('ann', 'DELETE', '/api/profiles/bob/follow');
        expect(left.json().profile.followers).toEqual([]);
        expect((await app.send('ann', 'POST', '/api/profiles/nobody/follow')).statusCode).toBe(404);
      });
    });
  });
}
