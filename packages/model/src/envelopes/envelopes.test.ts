import { describe, expect, it } from 'vitest';
import type { Shape } from '../calls/call.js';
import { describeShape } from './describe-shape.js';
import { nextPageLink, cursorOfLink } from './page-link.js';
import { payloadFields, unwrapPayload, wrapPayload } from './payload-envelopes.js';
import { unwrapPage, unwrapRecord } from './unwrap-response.js';
import { wantsCount, wrapPage, wrapResponse } from './wrap-response.js';

const field = (name: string, optional = false) => ({
  name,
  optional,
  shape: { kind: 'field' } as Shape,
});
const object = (...properties: { name: string; optional: boolean; shape: Shape }[]): Shape => ({
  kind: 'object',
  properties,
});
const under = (name: string, shape: Shape, optional = false) => ({ name, optional, shape });
const ticket: Shape = { kind: 'entity', entity: 'Ticket', list: false };
const tickets: Shape = { kind: 'entity', entity: 'Ticket', list: true };
const fields = object(field('title'), field('body'), field('priority', true));
const enveloped = object(under('ticket', fields));
const listEnvelope = object(under('tickets', tickets), under('count', { kind: 'count' }));

/** The problem of a body the server refuses. */
function problem(shape: Shape | undefined, body: unknown): string {
  const read = unwrapPayload(shape, body);
  if (read.ok) throw new Error('expected a refusal');
  return read.problem;
}

const fieldsOf = (shape: Shape | undefined, body: unknown) => {
  const read = unwrapPayload(shape, body);
  if (!read.ok) throw new Error(read.problem);
  return read.value;
};

describe('payloads: what the web app sends', () => {
  it('wraps the fields of a form in the declared payload, naming only what it lists', () => {
    expect(wrapPayload(enveloped, { title: 'Printer', body: 'Jammed', status: 'x' })).toEqual({
      ticket: { title: 'Printer', body: 'Jammed' },
    });
    expect(payloadFields(enveloped)).toEqual(new Set(['title', 'body', 'priority']));
    expect(wrapPayload(undefined, { title: 'x' })).toEqual({ title: 'x' });
    expect(payloadFields(undefined)).toBeUndefined();
    expect(payloadFields(object(under('ticket', ticket)))).toBeUndefined();
  });

  it('never takes what a fields object inherits for a field of its own', () => {
    expect(wrapPayload(object(field('valueOf')), {})).toEqual({});
  });
});

describe('payloads: what the server reads', () => {
  it('takes the fields out of their envelope', () => {
    const body = { ticket: { title: 'Printer', body: 'Jammed' } };
    expect(fieldsOf(enveloped, body)).toEqual({ title: 'Printer', body: 'Jammed' });
  });

  it('refuses a missing envelope, saying what was expected', () => {
    const said = problem(enveloped, { title: 'Printer', body: 'Jammed' });
    expect(said).toContain('title, body');
    expect(said).toContain('{ ticket: { title, body, priority? } }');
  });

  it('refuses an envelope that is not an object', () => {
    expect(problem(enveloped, { ticket: 'Printer' })).toContain('under "ticket"');
  });

  it('refuses fields the declared payload does not name, inside the envelope too', () => {
    expect(problem(enveloped, { ticket: { title: 'Printer', status: 'closed' } })).toContain(
      'status',
    );
    expect(problem(fields, { title: 'x', secret: 1 })).toContain('secret');
  });

  it('leaves missing fields to the operation, so updates can send only what changes', () => {
    expect(fieldsOf(enveloped, { ticket: { priority: 'high' } })).toEqual({ priority: 'high' });
  });

  it('takes any field under an entity-shaped envelope', () => {
    const shape = object(under('ticket', ticket));
    expect(fieldsOf(shape, { ticket: { title: 'a', whatever: 1 } })).toEqual({
      title: 'a',
      whatever: 1,
    });
  });

  it('takes an optional envelope as no fields when it is left out', () => {
    expect(fieldsOf(object(under('ticket', fields, true)), {})).toEqual({});
  });

  it('takes the body itself without a shape, and refuses anything but an object', () => {
    expect(fieldsOf(undefined, { title: 'a' })).toEqual({ title: 'a' });
    for (const body of [null, [], 'text', 3, undefined]) {
      expect(unwrapPayload(undefined, body).ok).toBe(false);
      expect(unwrapPayload(enveloped, body).ok).toBe(false);
    }
  });

  it('refuses a list payload', () => {
    expect(unwrapPayload(tickets, [{ title: 'a' }]).ok).toBe(false);
  });
});

describe('responses: what the server answers', () => {
  const record = { id: 'r1', title: 'Printer' };

  it('wraps a record in its envelope', () => {
    expect(wrapResponse(object(under('ticket', ticket)), record)).toEqual({ ticket: record });
  });

  it('wraps a page with its count and next cursor', () => {
    expect(wrapResponse(listEnvelope, [record], { count: 7, nextCursor: 'c2' })).toEqual({
      tickets: [record],
      count: 7,
      nextCursor: 'c2',
    });
    expect(wrapResponse(listEnvelope, [record], { count: 1 })).toEqual({
      tickets: [record],
      count: 1,
    });
  });

  it('answers bare records and arrays as they are', () => {
    expect(wrapResponse(ticket, record)).toBe(record);
    expect(wrapResponse(tickets, [record])).toEqual([record]);
    expect(wrapResponse(undefined, record)).toBe(record);
  });

  it('answers a named nextCursor where the shape puts it, and bare fields from the record', () => {
    const shape = object(under('items', tickets), field('nextCursor'));
    expect(wrapResponse(shape, [record], { nextCursor: 'c' })).toEqual({
      items: [record],
      nextCursor: 'c',
    });
    const picked = object(field('id'), field('title'));
    expect(wrapResponse(picked, { ...record, body: 'x' })).toEqual(record);
  });

  it('answers a page of the default API as items and the next cursor', () => {
    expect(wrapPage(undefined, [record], { nextCursor: 'c' })).toEqual({
      items: [record],
      nextCursor: 'c',
    });
    expect(wrapPage(undefined, [], { count: 3 })).toEqual({ items: [] });
  });
});

describe('responses: what the web app reads', () => {
  it('takes a record out of the declared response, or as it is', () => {
    expect(unwrapRecord(object(under('book', ticket)), { book: { id: 'b1' } })).toEqual({
      id: 'b1',
    });
    expect(unwrapRecord(ticket, { id: 'u1' })).toEqual({ id: 'u1' });
    expect(unwrapRecord(undefined, { id: 'r' })).toEqual({ id: 'r' });
  });

  it('takes the fields a response names out of their envelopes', () => {
    const shape = object(under('ticket', object(field('id'), field('title'))));
    expect(unwrapRecord(shape, { ticket: { id: 't1', title: 'T' } })).toEqual({
      id: 't1',
      title: 'T',
    });
  });

  it('reads a page of any list answer with its cursor and count', () => {
    expect(unwrapPage(undefined, { items: [{ id: 'a' }], nextCursor: 'c2' }, null)).toEqual({
      items: [{ id: 'a' }],
      nextCursor: 'c2',
    });
    expect(
      unwrapPage(
        listEnvelope,
        { tickets: [{ id: 'a' }, { id: 'b' }], count: 7, nextCursor: 'n' },
        null,
      ),
    ).toEqual({ items: [{ id: 'a' }, { id: 'b' }], count: 7, nextCursor: 'n' });
    expect(
      unwrapPage(tickets, [{ id: 'a' }], '</api/books?limit=1&cursor=xyz%3D>; rel="next"'),
    ).toEqual({ items: [{ id: 'a' }], nextCursor: 'xyz=' });
    expect(unwrapPage(tickets, [], null)).toEqual({ items: [] });
  });
});

describe('shapes', () => {
  it('say whether a list must be counted', () => {
    expect(wantsCount(listEnvelope)).toBe(true);
    expect(wantsCount(enveloped)).toBe(false);
    expect(wantsCount(undefined)).toBe(false);
  });

  it('are described as written', () => {
    expect(describeShape(listEnvelope)).toBe('{ tickets: Ticket[], count }');
  });
});

describe('the next page of a bare array', () => {
  it('links the request with its cursor replaced, and reads the cursor back', () => {
    const link = nextPageLink('/api/tickets?limit=2&cursor=old', 'a+b/c=');
    expect(link).toBe('</api/tickets?limit=2&cursor=a%2Bb%2Fc%3D>; rel="next"');
    expect(cursorOfLink(link)).toBe('a+b/c=');
    expect(cursorOfLink(null)).toBeUndefined();
    expect(cursorOfLink('</api/tickets>; rel="prev"')).toBeUndefined();
  });
});

describe('projections', () => {
  const fields = (...list: [string, Shape][]) =>
    list.map(([name, shape]) => ({ name, optional: false, shape }));
  const profile: Shape = {
    kind: 'entity',
    entity: 'User',
    list: false,
    named: 'Profile',
    fields: fields(['username', { kind: 'field' }]),
  };
  const article: Shape = {
    kind: 'entity',
    entity: 'Article',
    list: false,
    fields: fields(
      ['id', { kind: 'field', field: 'number' }],
      ['tagList', { kind: 'field', field: 'tags', pick: 'name' }],
      ['author', profile],
    ),
  };
  const stored = {
    id: 'a1',
    number: 7,
    body: 'hidden',
    tags: [{ id: 't1', name: 'b' }, { id: 't2', name: 'a' }, 't3'],
    author: { id: 'u1', username: 'bob', email: 'bob@example.test' },
  };

  it('answer only the listed properties, in order, with references and one-field lists', () => {
    const answered = wrapResponse(article, stored);
    expect(answered).toEqual({ id: 7, tagList: ['b', 'a'], author: { username: 'bob' } });
    expect(Object.keys(answered as object)).toEqual(['id', 'tagList', 'author']);
    expect(wrapResponse(article, { ...stored, author: 'u2' })).toMatchObject({ author: null });
    const tags: Shape = { kind: 'entity', entity: 'Tag', list: true, value: 'name' };
    expect(wrapResponse(tags, [{ id: 't', name: 'x' }])).toEqual(['x']);
  });

  it('read back as records: renames reversed, one-field lists as records of that field', () => {
    expect(unwrapRecord(article, wrapResponse(article, stored))).toEqual({
      number: 7,
      tags: [{ name: 'b' }, { name: 'a' }],
      author: { username: 'bob' },
    });
  });

  it('are described as written', () => {
    expect(describeShape({ kind: 'object', properties: fields(['article', article]) })).toBe(
      '{ article: Article { id: number, tagList: tags.name, author: Profile } }',
    );
  });

  it('render a renamed reference (`writer: author Profile`) under its wire name, and read it back', () => {
    const card: Shape = {
      kind: 'entity',
      entity: 'Article',
      list: false,
      fields: fields(['writer', { ...profile, field: 'author' }]),
    };
    const answered = wrapResponse(card, stored);
    expect(answered).toEqual({ writer: { username: 'bob' } });
    expect(wrapResponse(card, { ...stored, author: 'u2' })).toEqual({ writer: null });
    expect(unwrapRecord(card, answered)).toEqual({ author: { username: 'bob' } });
    expect(describeShape(card)).toBe('Article { writer: author Profile }');
  });
});

describe('a payload of one field of records (tags.name)', () => {
  const shape: Shape = {
    kind: 'object',
    properties: [
      {
        name: 'article',
        optional: false,
        shape: {
          kind: 'object',
          properties: [
            {
              name: 'tagList',
              optional: true,
              shape: { kind: 'field', field: 'tags', pick: 'name' },
            },
          ],
        },
      },
    ],
  };

  it('sends records read back from a projection as that field, and reads the values back', () => {
    const body = wrapPayload(shape, { tags: [{ name: 'a' }, 'b'] });
    expect(body).toEqual({ article: { tagList: ['a', 'b'] } });
    expect(unwrapPayload(shape, body)).toEqual({ ok: true, value: { tags: ['a', 'b'] } });
  });
});
