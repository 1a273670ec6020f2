import { describe, expect, it } from 'vitest';
import { findCall } from '../src/model/calls.js';
import { payloadFields, unwrapPage, unwrapRecord, wrapPayload } from '../src/model/envelopes.js';
import { example } from './examples.js';

const library = example('library');
const helpdesk = example('helpdesk');

describe('the calls the web app makes', () => {
  it('uses the default REST API when section 7 is unspecified', () => {
    expect(findCall(helpdesk, 'update', 'Ticket')).toEqual({
      method: 'PATCH',
      path: '/api/tickets/:id',
      declared: false,
    });
    expect(findCall(helpdesk, 'transition', 'Ticket', 'assign')?.path).toBe(
      '/api/tickets/:id/assign',
    );
    expect(findCall(helpdesk, 'transition', 'Ticket', 'fly')).toBeUndefined();
    expect(findCall(helpdesk, 'me')?.path).toBe('/api/me');
  });

  it('uses exactly the declared calls when section 7 is specified', () => {
    expect(findCall(library, 'update', 'User')).toMatchObject({
      method: 'PUT',
      path: '/api/members/:id',
      declared: true,
    });
    expect(findCall(library, 'me')).toMatchObject({ method: 'GET', path: '/api/session' });
    expect(findCall(library, 'sign-out')).toMatchObject({ method: 'DELETE', path: '/api/session' });
    // Not declared: the app does not invent them.
    expect(findCall(library, 'history', 'Loan')).toBeUndefined();
    expect(findCall(library, 'change-password')).toBeUndefined();
    expect(findCall(library, 'delete', 'Fine')).toBeUndefined();
  });
});

describe('envelopes', () => {
  const createBook = findCall(library, 'create', 'Book')!;
  const listBooks = findCall(library, 'list', 'Book')!;

  it('wraps the fields of a form in the declared payload, naming only what it lists', () => {
    expect(
      wrapPayload(createBook.payload, { title: 'Dubliners', year: 1914, withdrawn: false }),
    ).toEqual({
      book: { title: 'Dubliners', year: 1914 },
    });
    expect(payloadFields(createBook.payload)).toEqual(
      new Set([
        'title',
        'author',
        'isbn',
        'genre',
        'year',
        'summary',
        'cover',
        'replacementCost',
        'website',
      ]),
    );
    expect(wrapPayload(undefined, { title: 'x' })).toEqual({ title: 'x' });
    expect(payloadFields(undefined)).toBeUndefined();
  });

  it('takes a record out of the declared response, or as it is', () => {
    expect(unwrapRecord(createBook.response, { book: { id: 'b1', title: 'T' } })).toEqual({
      id: 'b1',
      title: 'T',
    });
    expect(unwrapRecord(findCall(library, 'me')!.response, { id: 'u1' })).toEqual({ id: 'u1' });
    expect(unwrapRecord(undefined, { id: 'r' })).toEqual({ id: 'r' });
  });

  it('reads a page of any list answer with its cursor and count', () => {
    expect(unwrapPage(undefined, { items: [{ id: 'a' }], nextCursor: 'c2' }, null)).toEqual({
      items: [{ id: 'a' }],
      nextCursor: 'c2',
    });
    expect(
      unwrapPage(
        listBooks.response,
        { books: [{ id: 'a' }, { id: 'b' }], count: 7, nextCursor: 'n' },
        null,
      ),
    ).toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      count: 7,
      nextCursor: 'n',
    });
    const bare = { kind: 'entity', entity: 'Book', list: true } as const;
    expect(
      unwrapPage(bare, [{ id: 'a' }], '</api/books?limit=1&cursor=xyz%3D>; rel="next"'),
    ).toEqual({
      items: [{ id: 'a' }],
      nextCursor: 'xyz=',
    });
    expect(unwrapPage(bare, [], null)).toEqual({ items: [] });
  });
});
