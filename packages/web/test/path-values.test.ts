import { apiCalls, findCall, pathOf } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { pathValues } from '../src/api/path-values.js';
import { example } from './examples.js';

const conduit = example('conduit');
const remove = findCall(apiCalls(conduit), 'delete', 'Comment')!;
const url = (values: Record<string, string>) => pathOf(remove, values);

describe('the path of a call on a nested record', () => {
  it('fills the parent from the list the record was found in (a comment on an article’s page)', () => {
    // CommentView answers neither the comment's article nor its number by name.
    const comment = { id: 3, body: 'Thank you', author: { username: 'rhea' } };
    const values = pathValues(conduit, remove, '3', {
      record: comment,
      path: { slug: 'how-to-train-your-dragon' },
    });
    expect(url(values)).toBe('/api/articles/how-to-train-your-dragon/comments/3');
  });

  it('fills the parent from the record’s reference, when it is expanded', () => {
    const comment = { number: 4, article: { id: 'a1', slug: 'dragons' } };
    expect(url(pathValues(conduit, remove, '4', { record: comment }))).toBe(
      '/api/articles/dragons/comments/4',
    );
  });

  it('cannot fill a parent addressed by slug from its id alone, and leaves it unfilled', () => {
    const comment = { number: 4, article: 'a1' };
    expect(url(pathValues(conduit, remove, '4', { record: comment }))).toBe(
      '/api/articles/:slug/comments/4',
    );
  });

  it('fills a parent addressed by id from the record’s reference, as the server reads it', () => {
    const byId = { ...remove, path: '/api/articles/:id/comments/:number' };
    const values = pathValues(conduit, byId, '4', { record: { number: 4, article: 'a1' } });
    expect(pathOf(byId, values)).toBe('/api/articles/a1/comments/4');
  });

  it('fills only the handle of a call that is not nested', () => {
    const get = findCall(apiCalls(conduit), 'get', 'Article')!;
    expect(pathValues(conduit, get, 'dragons', { record: { slug: 'dragons' } })).toEqual({
      slug: 'dragons',
    });
  });
});
