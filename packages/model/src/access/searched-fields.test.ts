import { describe, expect, it } from 'vitest';
import type { Field } from '../entity.js';
import { isSearchedField, searchWords } from './searched-fields.js';

const field = (type: Field['type'], computed = false): Field => ({
  name: 'f',
  type,
  required: false,
  builtin: false,
  rules: computed ? [{ kind: 'computed', expression: { source: '"x"', line: 1 } as never }] : [],
});

describe('a search', () => {
  it('is made of the runs of letters and digits, in any alphabet, marks kept with their letter', () => {
    expect(searchWords('  Printer-2000, tray #2! ')).toEqual(['Printer', '2000', 'tray', '2']);
    expect(searchWords('alice@example.com')).toEqual(['alice', 'example', 'com']);
    expect(searchWords('Café Ölmühle 東京')).toEqual(['Café', 'Ölmühle', '東京']);
    expect(searchWords('cafe\u0301')).toEqual(['cafe\u0301']);
  });

  it('leaves out what would be search syntax to a database', () => {
    expect(searchWords('"print" OR NEAR(a b) {title}: jam* -x ^y')).toEqual([
      'print',
      'OR',
      'NEAR',
      'a',
      'b',
      'title',
      'jam',
      'x',
      'y',
    ]);
    expect(searchWords(`'); DROP TABLE t; --`)).toEqual(['DROP', 'TABLE', 't']);
    expect(searchWords('"*:()\u0301')).toEqual([]);
  });

  it('looks in text, long text, emails and addresses, not in picked values or computed ones', () => {
    for (const kind of ['text', 'longText', 'email', 'url'] as const)
      expect(isSearchedField(field({ kind }))).toBe(true);
    expect(isSearchedField(field({ kind: 'text' }, true))).toBe(false);
    expect(isSearchedField(field({ kind: 'enum', values: ['a'] }))).toBe(false);
    expect(isSearchedField(field({ kind: 'state' }))).toBe(false);
    expect(isSearchedField(field({ kind: 'integer' }))).toBe(false);
  });
});
