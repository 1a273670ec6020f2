import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { EXAMPLES } from '../operations/support/examples.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useHttpHarness, type HttpHarness, type Send } from './support/http-harness.js';
import { restrictedPolicy } from './support/restricted-policy.js';

const helpdesk = EXAMPLE_MODELS.helpdesk!;
const workshops = EXAMPLE_MODELS.workshops!;
let unique = 0;
const product = () => ({ name: `Product ${++unique}` });

/** Expects a client mistake: the status, a problem document with the code, never a 5xx. */
function expectProblem(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json() as { code: string; detail: string; status: number };
  expect(problem.code).toBe(code);
  expect(problem.status).toBe(status);
  expect(problem.detail.length).toBeGreaterThan(0);
  expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  return problem;
}

async function raw(h: HttpHarness, request: Send & { payload?: string | Buffer }) {
  const headers = { ...request.headers };
  return h.app().inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'hostile requests to the HTTP API', (databases) => {
    describe('bodies', () => {
      const h = useHttpHarness(databases, helpdesk, {});
      const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
        raw(h, { method: 'POST', url: '/api/products', payload, headers });
      const json = () => JSON.stringify(product());

      it('takes JSON in any case, with parameters, and +json types', async () => {
        for (const type of [
          'application/json',
          'APPLICATION/JSON',
          'application/json; charset=utf-8',
          'Application/Json;Charset="UTF-8"',
          'application/merge-patch+json',
        ]) {
          const response = await post(json(), { 'content-type': type });
          expect(response.statusCode, `${type}: ${response.body}`).toBe(201);
        }
      });

      it('answers every other media type, or none, with 415', async () => {
        for (const type of [
          'text/plain',
          'application/jsonx',
          'text/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=xyz',
          'application/json; charset=latin1',
          'application/',
          'json',
        ]) {
          const response = await post(json(), { 'content-type': type });
          const problem = expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
          expect(problem.detail, type).toMatch(/json|UTF-8/i);
        }
        expectProblem(await post(json()), 415, 'UNSUPPORTED_MEDIA_TYPE');
        expect(await h.count('Product')).toBe(5);
      });

      it('answers malformed JSON, and JSON that is not an object, with 400', async () => {
        const type = { 'content-type': 'application/json' };
        const broken = expectProblem(await post('{"name": ', type), 400, 'BAD_REQUEST');
        expect(broken.detail).toMatch(/not valid JSON/);
        for (const body of ['[]', '"text"', 'null', '42', 'true', '', '   '])
          expectProblem(await post(body, type), 400, 'BAD_REQUEST');
      });

      it('answers a body over MAX_REQUEST_BYTES with 413, saying the limit', async () => {
        const big = JSON.stringify({ name: 'x'.repeat(1_000_001) });
        const problem = expectProblem(
          await post(big, { 'content-type': 'application/json' }),
          413,
          'PAYLOAD_TOO_LARGE',
        );
        expect(problem.detail).toContain('1000000');
      });

      it('refuses prototype keys, NUL characters, infinite numbers and deep nesting with 400', async () => {
        const type = { 'content-type': 'application/json' };
        for (const body of [
          '{"__proto__": {"admin": true}, "name": "Proto"}',
          '{"constructor": {"prototype": {"admin": true}}, "name": "Proto"}',
          '{"constructor": 1, "name": "Proto"}',
          '{"name": "nul\\u0000byte"}',
          '{"name\\u0000": "x"}',
          '{"name": "Big", "price": 1e309}',
          '{"name": -1e400}',
          `{"name": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
        ]) {
          expectProblem(await post(body, type), 400, 'BAD_REQUEST');
        }
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      });

      it('refuses a body on GET and DELETE', async () => {
        const made = await h.make('Product', await h.actor());
        for (const method of ['GET', 'DELETE'] as const) {
          const response = await raw(h, {
            method,
            url: `/api/products/${String(made.id)}`,
            payload: '{}',
            headers: { 'content-type': 'application/json' },
          });
          expectProblem(response, 400, 'BAD_REQUEST');
        }
        expect(await h.stored('Product', made.id as string)).toBeDefined();
      });

      it('refuses fields a default call does not have, and nothing is saved', async () => {
        const before = await h.count('Product');
        const response = await h.send({
          method: 'POST',
          url: '/api/products',
          body: { ...product(), price: 3, id: 'mine' },
        });
        const problem = expectProblem(response, 400, 'BAD_REQUEST');
        expect(problem.detail).toContain('price');
        expect(await h.count('Product')).toBe(before);
      });
    });

    describe('paths, methods and ids', () => {
      const h = useHttpHarness(databases, helpdesk, {});

      it('answers ids that cannot be ids, and ids of nothing, with 404', async () => {
        for (const id of [
          'not-an-id',
          '%00',
          'a'.repeat(300),
          '..%2F..%2Fetc',
          "1'%20OR%20'1'='1",
          '00000000-0000-7000-8000-000000000000',
          '%F0%9F%98%80',
        ]) {
          for (const method of ['GET', 'DELETE'] as const)
            expectProblem(await h.send({ method, url: `/api/products/${id}` }), 404, 'NOT_FOUND');
          const patch = await h.send({ method: 'PATCH', url: `/api/products/${id}`, body: {} });
          expectProblem(patch, 404, 'NOT_FOUND');
          expectProblem(await h.send({ url: `/api/products/${id}/history` }), 404, 'NOT_FOUND');
        }
      });

      it('answers unknown API paths with 404 and other methods with 405 and Allow', async () => {
        expectProblem(await h.send({ url: '/api/nothing' }), 404, 'NOT_FOUND');
        expectProblem(await h.send({ url: '/api/products/a/b/c' }), 404, 'NOT_FOUND');
        const put = await h.send({ method: 'PUT', url: '/api/products', body: product() });
        expectProblem(put, 405, 'METHOD_NOT_ALLOWED');
        expect(put.headers.allow).toBe('GET, HEAD, POST');
        const post = await raw(h, {
          method: 'POST',
          url: '/api/products/00000000-0000-7000-8000-000000000000',
          payload: 'not json at all',
          headers: { 'content-type': 'text/plain' },
        });
        expectProblem(post, 405, 'METHOD_NOT_ALLOWED');
        expect(post.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
      });

      it('marks every API answer private, errors included', async () => {
        for (const url of ['/api/products', '/api/products/x', '/api/nothing']) {
          const response = await h.send({ url });
          expect(response.headers['cache-control'], url).toBe('private, no-store');
          expect(response.headers.vary, url).toMatch(/cookie/i);
        }
      });

      it('reads If-Match strictly: malformed is 400, * and weak tags are taken', async () => {
        const made = await h.make('Product', await h.actor());
        const url = `/api/products/${String(made.id)}`;
        for (const tag of ['abc', '"abc"', '1', '"1", "2"', 'W/"x"', '"-1"', '"0"'])
          expectProblem(
            await h.send({ method: 'PATCH', url, body: {}, headers: { 'if-match': tag } }),
            400,
            'BAD_REQUEST',
          );
        const weak = await h.send({
          method: 'PATCH',
          url,
          body: {},
          headers: { 'if-match': 'W/"1"' },
        });
        expect(weak.statusCode, weak.body).toBe(200);
        const any = await h.send({ method: 'PATCH', url, body: {}, headers: { 'if-match': '*' } });
        expect(any.statusCode, any.body).toBe(200);
        expect(any.headers.etag).toBe('"3"');
      });
    });

    describe('list parameters', () => {
      const h = useHttpHarness(databases, helpdesk, {});
      const list = (query: string) => h.send({ url: `/api/tickets?${query}` });
      const bad = async (query: string, mention?: string) => {
        const problem = expectProblem(await list(query), 400, 'BAD_REQUEST');
        if (mention) expect(problem.detail, query).toContain(mention);
      };

      it('refuses unknown and repeated parameters, naming them', async () => {
        await bad('color=red', 'color');
        await bad('color=red&size=9', 'size');
        await bad('sort=title&sort=-title', 'sort');
        await bad('priority=urgent', 'priority');
        await bad('createdAt=yesterday', 'createdAt');
        await bad('version=one', 'version');
        await bad('title=%00', 'title');
      });

      it('reads field=value by the field type', async () => {
        const actor = await h.actor();
        const ticket = await h.make('Ticket', actor, { priority: 'low' });
        const response = await list(`priority=low&customer=${actor.id}&version=1`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().items.map((t: { id: string }) => t.id)).toEqual([ticket.id]);
        const empty = await list('assignee=&priority=low');
        expect(empty.json().items.map((t: { id: string }) => t.id)).toContain(ticket.id);
      });

      it('refuses filters that do not type, do not parse, or are not conditions, with the column', async () => {
        await bad(`filter=${encodeURIComponent('record.nope == 1')}`, 'column');
        await bad(`filter=${encodeURIComponent('record.title ==')}`, 'column');
        await bad(`filter=${encodeURIComponent('record.title')}`, 'filter');
        await bad(`filter=${encodeURIComponent('record.title == 3')}`, 'column');
        await bad('filter=', 'empty');
        await bad(`filter=${'x'.repeat(2001)}`, '2000');
        await bad(`filter=${encodeURIComponent('record.title == "\u0000"')}`);
        await bad(`filter=${encodeURIComponent('record.version == 99999999999999999999999')}`);
      });

      it('answers filters the database cannot work out with 400, and odd ones never with 5xx', async () => {
        await h.make('Ticket', await h.actor());
        for (const filter of [
          'record.version + 9223372036854775807 > 0',
          'record.version * 9223372036854775807 > 0',
          'record.version / 0 == 1',
          'record.createdAt > now - duration("999999999999h")',
          'record.createdAt + duration("1000000000h") > now',
          'size(record.title) > 99999999999',
          'record.title.startsWith("%_\\\\")',
          'record.title.contains("\'; DROP TABLE tickets; --")',
          'record.title.matches("(")',
          'int(record.title) == 1',
          'record.version == -9223372036854775808',
        ]) {
          const response = await list(`filter=${encodeURIComponent(filter)}`);
          expect([200, 400], `${filter}: ${response.body}`).toContain(response.statusCode);
        }
        expect(await h.count('Ticket')).toBeGreaterThan(0);
      });

      it('refuses filters that could reveal other records: count() and following references', async () => {
        const count = 'count(Ticket, t, t.internalNote == "x") > 0';
        await bad(`filter=${encodeURIComponent(count)}`, 'count()');
        await bad(`filter=${encodeURIComponent('record.product.name == "x"')}`, 'only the id');
        await bad(
          `filter=${encodeURIComponent('record.customer.email.startsWith("a")')}`,
          'only the id',
        );
        const id = await list(`filter=${encodeURIComponent('record.product.id == "x"')}`);
        expect(id.statusCode, id.body).toBe(200);
        const mine = await list(`filter=${encodeURIComponent('record.customer == user.id')}`);
        expect(mine.statusCode, mine.body).toBe(200);
        expect(mine.json().items).toEqual([]);
      });

      it('refuses bad sorts, limits, cursors and includes', async () => {
        for (const sort of ['nope', '', '-', 'title,,id', 'title,title', '--title'])
          await bad(`sort=${sort}`, 'sort');
        for (const limit of ['0', '-1', 'abc', '1.5', '101', '1e2', '', '99999999999'])
          await bad(`limit=${limit}`, 'limit');
        expect((await list('limit=100')).statusCode).toBe(200);
        const forged = (content: unknown) =>
          Buffer.from(JSON.stringify(content)).toString('base64url');
        for (const cursor of [
          'abc',
          '',
          forged(['title:asc,id:asc', ['x', 'y']]),
          forged(['createdAt:desc,id:asc', ['not a date', 'x']]),
          forged(['createdAt:desc,id:asc', [{ a: 1 }, 5]]),
          forged(['createdAt:desc,id:asc', [12, null]]),
          'x'.repeat(5000),
        ])
          await bad(`cursor=${encodeURIComponent(cursor)}`, 'cursor');
        for (const include of ['nope', 'title', '', 'product,,customer'])
          await bad(`include=${include}`, 'include');
      });
    });

    describe('fields the caller may not read', () => {
      const h = useHttpHarness(
        databases,
        helpdesk,
        {},
        restrictedPolicy({ hidden: { Ticket: ['internalNote'] }, unlisted: ['Product'] }),
      );
      const list = (query: string) => h.send({ url: `/api/tickets?${query}` });

      it('are refused in filters, equalities and sorts as if they did not exist', async () => {
        const actor = await h.actor();
        // No product: this caller may not read any, so may not refer to one either.
        await h.make('Ticket', actor, { internalNote: 'secret', product: null });
        const filter = `filter=${encodeURIComponent('record.internalNote == "secret"')}`;
        expect((await list(filter)).json().detail).toContain('internalNote');
        expectProblem(await list(filter), 400, 'BAD_REQUEST');
        expectProblem(await list('internalNote=secret'), 400, 'BAD_REQUEST');
        const unknown = expectProblem(await list('nothing=secret'), 400, 'BAD_REQUEST');
        const hidden = expectProblem(await list('internalNote=secret'), 400, 'BAD_REQUEST');
        expect(hidden.detail).toBe(unknown.detail.replace('nothing', 'internalNote'));
        expectProblem(await list('sort=internalNote'), 400, 'BAD_REQUEST');
        const has = `filter=${encodeURIComponent('has(record.internalNote)')}`;
        expectProblem(await list(has), 400, 'BAD_REQUEST');
        const answer = await list('');
        expect(answer.statusCode).toBe(200);
        for (const t of answer.json().items) expect(t).not.toHaveProperty('internalNote');
      });

      it('leave a reference the caller may not read as its bare id when included', async () => {
        const actor = await h.actor();
        const made = await h.make('Ticket', actor, { product: null });
        // Someone who may read the product refers to it: this caller may not, nor send it.
        made.product = (await h.ops('Product').createRecord(h.ctx(actor), product())).id;
        const sent = await h.send({
          method: 'PATCH',
          url: `/api/tickets/${String(made.id)}`,
          actor,
          body: { product: made.product },
        });
        expectProblem(sent, 422, 'VALIDATION_FAILED');
        await h
          .store()
          .db.updateTable('tickets')
          .set({ product: made.product })
          .where('id', '=', made.id as string)
          .execute();
        const response = await list(
          `include=product,customer&filter=${encodeURIComponent(`record.id == "${String(made.id)}"`)}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        const [ticket] = response.json().items;
        expect(ticket.product).toBe(made.product);
        expect(ticket.customer).toMatchObject({ id: actor.id, email: actor.email });
        const one = await h.send({ url: `/api/tickets/${String(made.id)}?include=customer` });
        expect(one.json().customer).toMatchObject({ id: actor.id });
      });
    });

    describe('values at the edge of what the database stores', () => {
      const example = EXAMPLES.find((e) => e.name === 'stockroom')!;
      const h = useHttpHarness(databases, example.model, example.overrides);

      it('are answered 4xx, with nothing saved', async () => {
        const actor = await h.actor();
        const before = await h.count('Product');
        for (const extra of [
          { unitPrice: '99999999999999999999.00' },
          { unitPrice: '-99999999999999999999.00' },
          { weightKg: `1${'0'.repeat(400)}` },
          { onHand: 2 ** 53 },
          { name: '\ud800' },
        ]) {
          const body = { ...(await h.validBody('Product', actor)), ...extra };
          const response = await h.send({ method: 'POST', url: '/api/products', actor, body });
          expect(
            response.statusCode,
            `${JSON.stringify(extra)}: ${response.body}`,
          ).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
        }
        expect(await h.count('Product')).toBe(before);
        for (const query of ['unitPrice=99999999999999999999.00', `weightKg=1${'0'.repeat(400)}`]) {
          const response = await h.send({ url: `/api/products?${query}` });
          expect(response.statusCode, response.body).toBeLessThan(500);
        }
      });
    });

    describe('list fields', () => {
      const h = useHttpHarness(databases, workshops, {
        Tag: () => ({ name: `tag-${++unique}` }),
      });
      it('cannot be compared with field=value nor sorted by', async () => {
        const response = await h.send({ url: '/api/events?tags=x' });
        expectProblem(response, 400, 'BAD_REQUEST');
        expectProblem(await h.send({ url: '/api/events?sort=tags' }), 400, 'BAD_REQUEST');
        const filter = encodeURIComponent('record.tags.exists(t, t.name == "x")');
        expectProblem(await h.send({ url: `/api/events?filter=${filter}` }), 400, 'BAD_REQUEST');
        const byId = encodeURIComponent('"x" in record.tags');
        expect((await h.send({ url: `/api/events?filter=${byId}` })).statusCode).toBe(200);
      });
    });
  });
}
