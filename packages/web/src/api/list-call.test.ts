import type { ApiCall, CallParameter } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import {
  declaredListQuery,
  listCallFor,
  nextOfLink,
  takesSearch,
  takesSort,
  takesTotal,
  unapplied,
} from './list-call.js';

const where = (source: string) => ({ source, line: 1, column: 1 });
const list = (path: string, extra: Partial<ApiCall> = {}): ApiCall => ({
  method: 'GET',
  path,
  operation: { kind: 'list', entity: 'Article' },
  line: 1,
  ...extra,
});
const parameter = (name: string, kind: CallParameter['kind']): CallParameter =>
  kind === 'condition'
    ? { name, kind, condition: where('record.title == value'), line: 1 }
    : { name, kind, line: 1 };

const ALL = list('/api/articles', {
  parameters: [
    parameter('tag', 'condition'),
    parameter('limit', 'page-size'),
    parameter('offset', 'rows-to-skip'),
  ],
});
const FEED = list('/api/articles/feed', {
  where: where('user.id in record.author.followers'),
  parameters: [parameter('limit', 'page-size'), parameter('offset', 'rows-to-skip')],
});
const CALLS = [ALL, FEED];

describe('the list call of a screen', () => {
  it('is the call whose where is the screen’s filter, else the plain one', () => {
    expect(listCallFor(CALLS, 'Article', 'user.id  in record.author.followers')).toBe(FEED);
    expect(listCallFor(CALLS, 'Article', undefined)).toBe(ALL);
    expect(listCallFor(CALLS, 'Article', 'record.title == "x"')).toBe(ALL);
    expect(listCallFor(CALLS, 'Tag', undefined)).toBeUndefined();
  });

  it('prefers a plain call that takes the filter', () => {
    const open = list('/api/all');
    expect(listCallFor([ALL, open], 'Article', 'record.title == "x"')).toBe(open);
  });

  it('is a top-level call before one nested under a parent, whatever their order', () => {
    // Hiring declares a candidate's applications before them all: the list of all reads the latter.
    const nested = list('/v1/users/:id/articles');
    const top = list('/v1/articles');
    expect(listCallFor([nested, top], 'Article', undefined)).toBe(top);
    expect(listCallFor([nested, top], 'Article', 'record.title == "x"')).toBe(top);
    expect(listCallFor([nested], 'Article', undefined)).toBe(nested);
  });
});

describe('a declared list’s query', () => {
  it('sends only what the call takes, under its names, the rows to skip as the cursor', () => {
    const query = declaredListQuery(ALL, {
      filter: 'record.title == "x"',
      sort: 'title',
      limit: 5,
      cursor: '10',
      include: ['author'],
    });
    expect(query.toString()).toBe('limit=5&offset=10');
  });

  it('leaves out the filter its where applies', () => {
    const params = { filter: 'user.id in record.author.followers', sort: 'title' };
    expect(declaredListQuery(FEED, params).toString()).toBe('');
    expect(unapplied(list('/x', { where: FEED.where! }), params)).toEqual({ sort: 'title' });
  });

  it('reads the next page from the Link header', () => {
    expect(nextOfLink(ALL, '</api/articles?limit=2&offset=4>; rel="next"')).toBe('4');
    expect(nextOfLink(ALL, null)).toBeUndefined();
    const paged = list('/p', { parameters: [parameter('after', 'cursor')] });
    expect(nextOfLink(paged, '</p?after=abc>; rel="next"')).toBe('abc');
  });
});

describe('what a list call takes', () => {
  it('takes a sort when it declares none of its parameters or declares a sort', () => {
    expect(takesSort(list('/a'))).toBe(true);
    expect(takesSort(ALL)).toBe(false);
    expect(takesSort(list('/b', { parameters: [parameter('order', 'sort')] }))).toBe(true);
  });
});

describe('a list call’s search and total', () => {
  it('is searched where it takes the engine’s parameters, and counted where its page is the engine’s', () => {
    const engine: ApiCall = {
      method: 'GET',
      path: '/api/articles',
      operation: { kind: 'list', entity: 'Article' },
    };
    const shaped = list('/api/articles', {
      response: { kind: 'entity', entity: 'Article', list: true },
    });
    expect([takesSearch(engine), takesTotal(engine)]).toEqual([true, true]);
    expect([takesSearch(shaped), takesTotal(shaped)]).toEqual([true, false]);
    expect([takesSearch(ALL), takesTotal(ALL)]).toEqual([false, false]);
    expect([takesSearch(undefined), takesTotal(undefined)]).toEqual([false, false]);
  });
});
