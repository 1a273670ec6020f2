import { beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../../src/store/derive-columns.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { ARTICLES_SPEC as SPEC } from '../support/articles-spec.js';
import { parsed } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

type Item = { id: string; title: string };
type Page = { articles: Item[]; count: number; nextCursor?: string };

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'declared list parameters', (databases) => {
    const model = parsed(SPEC);
    const server = useSignedInServer(databases, model, {
      ann: ['writer'],
      bob: ['writer'],
      cat: ['writer'],
    });
    const titles = (page: Page) => page.articles.map((a) => a.title);
    const get = async (who: string | null, url: string) => {
      const answer = await server.send(who, 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Page>();
    };

    beforeAll(async () => {
      const post = async (who: string, url: string, body: unknown) => {
        const answer = await server.send(who, 'POST', url, body);
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<{ id: string }>().id;
      };
      const go = await post('ann', '/api/tags', { name: 'go' });
      const rust = await post('ann', '/api/tags', { name: 'rust' });
      const { ids } = server;
      // Created one after another: a1 oldest, b3 newest.
      await post('ann', '/api/articles', { title: 'a1', tags: [go] });
      await post('ann', '/api/articles', { title: 'a2', tags: [go, rust], favoritedBy: [ids.bob] });
      await post('bob', '/api/articles', { title: 'b1', tags: [rust] });
      await post('bob', '/api/articles', { title: 'b2', favoritedBy: [ids.bob, ids.cat] });
      await post('cat', '/api/articles', { title: 'c1' });
      // cat follows ann: ann's followers hold cat.
      const follow = await server.send('ann', 'PATCH', `/api/users/${ids.ann}`, {
        followers: [ids.cat],
      });
      expect(follow.statusCode, follow.body).toBe(200);
    }, 60_000);

    describe('conditions', () => {
      it('filter by each parameter given, ANDed, and count every match', async () => {
        expect(titles(await get(null, '/api/articles?tag=go'))).toEqual(['a2', 'a1']);
        expect(titles(await get(null, '/api/articles?author=bob'))).toEqual(['b2', 'b1']);
        expect(titles(await get(null, '/api/articles?favorited=cat'))).toEqual(['b2']);
        expect(titles(await get(null, '/api/articles?favorited=bob'))).toEqual(['b2', 'a2']);
        const both = await get(null, '/api/articles?tag=rust&author=ann');
        expect([titles(both), both.count]).toEqual([['a2'], 1]);
      });

      it('match nothing for a value no record has', async () => {
        const none = await get(null, '/api/articles?tag=cobol');
        expect([titles(none), none.count]).toEqual([[], 0]);
      });

      it('read the value as text, never as CEL', async () => {
        const odd = await get(null, `/api/articles?author=${encodeURIComponent('" || true || "')}`);
        expect(odd.count).toBe(0);
      });
    });

    describe('paging', () => {
      it('pages with page size and rows to skip, counting every match, with a Link to the next', async () => {
        const first = await server.send(null, 'GET', '/api/articles?limit=2');
        expect(first.statusCode, first.body).toBe(200);
        const page = first.json<Page>();
        expect([titles(page), page.count]).toEqual([['c1', 'b2'], 5]);
        expect(page).not.toHaveProperty('nextCursor');
        expect(first.headers.link).toBe('</api/articles?limit=2&offset=2>; rel="next"');
        const last = await server.send(null, 'GET', '/api/articles?limit=2&offset=4');
        expect([titles(last.json<Page>()), last.json<Page>().count]).toEqual([['a1'], 5]);
        expect(last.headers.link).toBeUndefined();
      });

      it('holds PAGE_SIZE records unless asked', async () => {
        expect(titles(await get(null, '/api/articles'))).toEqual(['c1', 'b2', 'b1']);
      });

      it('refuses a page size out of 1..MAX_PAGE_SIZE and a negative skip, saying what to fix', async () => {
        for (const query of ['limit=0', 'limit=5', 'limit=x', 'offset=-1', 'offset=a']) {
          const answer = await server.send(null, 'GET', `/api/articles?${query}`);
          expect(answer.statusCode, query).toBe(400);
          expect(answer.json<{ detail: string }>().detail).toContain(query.split('=')[0]);
        }
      });

      it('pages a bare array by its declared cursor, under its own names', async () => {
        const first = await server.send(null, 'GET', '/api/pages?size=4');
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json<Item[]>().map((a) => a.title)).toEqual(['c1', 'b2', 'b1', 'a2']);
        const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)![1]!;
        expect(link).toMatch(/^\/api\/pages\?size=4&after=/);
        const rest = await server.send(null, 'GET', link);
        expect(rest.json<Item[]>().map((a) => a.title)).toEqual(['a1']);
      });
    });

    describe('the engine’s own parameters under declared names', () => {
      it('sort by the declared sort', async () => {
        const answer = await server.send(null, 'GET', '/api/pages?order=-title&size=2');
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json<Item[]>().map((a) => a.title)).toEqual(['c1', 'b2']);
      });
    });

    describe('parameters the call does not declare', () => {
      it('are refused, named', async () => {
        const answer = await server.send(null, 'GET', '/api/articles?tag=go&sort=title&title=a1');
        expect(answer.statusCode).toBe(400);
        const { detail } = answer.json<{ detail: string }>();
        expect(detail).toContain('sort, title');
        expect(detail).toContain('tag, author, favorited, limit, offset');
      });

      it('leave a call without declared parameters taking the engine’s own', async () => {
        const page = await get(null, '/api/everything?sort=title&limit=2');
        expect([titles(page), page.count]).toEqual([['a1', 'a2'], 5]);
        expect(page.nextCursor).toBeDefined();
      });
    });

    describe('a where condition', () => {
      it('lists what it allows for the caller, counted, paged by offset', async () => {
        const feed = await get('cat', '/api/articles/feed');
        expect([titles(feed), feed.count]).toEqual([['a2', 'a1'], 2]);
        const second = await get('cat', '/api/articles/feed?limit=1&offset=1');
        expect([titles(second), second.count]).toEqual([['a1'], 2]);
        expect((await get('bob', '/api/articles/feed')).count).toBe(0);
      });

      it('answers 401 to an anonymous caller when it reads user', async () => {
        const answer = await server.send(null, 'GET', '/api/articles/feed');
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      });
    });

    describe('the default order', () => {
      it('is newest first, equal times in creation order', async () => {
        const table = tableOf(model, 'Article');
        const same = '2020-01-01T00:00:00.000Z';
        await server.store().db.updateTable(table).set({ createdAt: same }).execute();
        const all = await get(null, '/api/articles?limit=4');
        expect(titles(all)).toEqual(['a1', 'a2', 'b1', 'b2']);
        const rest = await get(null, '/api/articles?limit=4&offset=4');
        expect(titles(rest)).toEqual(['c1']);
      });
    });
  });
}
