import { Catalogue, type ApiCall, type AppModel } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { codeKey, itemKey } from './error-keys.js';
import { pathWord, singularWord } from './path-word.js';

const catalogue = (entries: AppModel['catalogue'] = []) =>
  new Catalogue({ catalogue: entries, constants: [] });
const call = (kind: 'create' | 'delete', path: string): ApiCall => ({
  method: kind === 'create' ? 'POST' : 'DELETE',
  path,
  operation: { kind, entity: 'Comment' },
});
const COMMENT = '/api/articles/:slug/comments/:number';

describe('the key of an error under a declared body', () => {
  it('takes the path’s word for a record: the segment before its parameter, singular', () => {
    expect(pathWord('/api/profiles/:username')).toBe('profile');
    expect(pathWord(COMMENT)).toBe('comment');
    expect(pathWord(COMMENT, 'slug')).toBe('article');
    expect(pathWord('/api/articles/:slug/favorite')).toBe('article');
    expect(pathWord('/api/articles')).toBeUndefined();
    expect(pathWord('/:id')).toBeUndefined();
    expect(['categories', 'boxes', 'addresses', 'glass', 'people'].map(singularWord)).toEqual([
      'category',
      'box',
      'address',
      'glass',
      'people',
    ]);
  });

  it('prefers the row’s Key, then the path’s word, then the code in lower case', () => {
    const keyed = catalogue([
      { code: 'NOT_FOUND', status: 404, message: 'not found', key: 'thing', engine: true },
    ]);
    const place = { call: call('delete', COMMENT), path: COMMENT };
    expect(codeKey(keyed, 'NOT_FOUND', place)).toBe('thing');
    expect(codeKey(catalogue(), 'NOT_FOUND', place)).toBe('comment');
    expect(codeKey(catalogue(), 'NOT_FOUND', { ...place, parameter: 'slug' })).toBe('article');
    expect(codeKey(catalogue(), 'FORBIDDEN', place)).toBe('comment');
    expect(codeKey(catalogue(), 'CONFLICT', place)).toBe('conflict');
    expect(codeKey(catalogue(), 'NOT_FOUND', {})).toBe('not_found');
  });

  it('keys a create’s FORBIDDEN by the code, its missing parent by the path', () => {
    const path = '/api/articles/:slug/comments';
    const place = { call: call('create', path), path };
    expect(codeKey(catalogue(), 'FORBIDDEN', place)).toBe('forbidden');
    expect(codeKey(catalogue(), 'NOT_FOUND', place)).toBe('article');
  });

  it('keys a field’s problem by the field, a rule’s by its code', () => {
    const place = { path: '/api/articles' };
    expect(itemKey(catalogue(), { field: 'title', code: 'REQUIRED', message: 'x' }, place)).toBe(
      'title',
    );
    expect(itemKey(catalogue(), { code: 'TOO_MANY', message: 'x' }, place)).toBe('too_many');
  });
});
