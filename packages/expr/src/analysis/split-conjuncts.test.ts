import { describe, expect, it } from 'vitest';
import { splitConjuncts } from './split-conjuncts.js';

const parts = (source: string) => splitConjuncts(source).map((c) => c.source);

describe('splitConjuncts', () => {
  it('splits a condition at its top-level &&', () => {
    expect(parts('a && b')).toEqual(['a', 'b']);
    expect(parts(' record.x > 1 && size(input.reason) >= 5 && c ')).toEqual([
      'record.x > 1',
      'size(input.reason) >= 5',
      'c',
    ]);
    expect(parts('a && (b || c) && [x && y][0]')).toEqual(['a', '(b || c)', '[x && y][0]']);
  });

  it('keeps parenthesised groups and calls whole, however deep', () => {
    expect(parts('(a && b) && c')).toEqual(['(a && b)', 'c']);
    expect(parts('f(g(a && b), {"k": c && d}) && ((e))')).toEqual([
      'f(g(a && b), {"k": c && d})',
      '((e))',
    ]);
  });

  it('keeps a condition whole when || or ?: binds it more loosely than &&', () => {
    expect(parts('a && b || c')).toEqual(['a && b || c']);
    expect(parts('a || b && c')).toEqual(['a || b && c']);
    expect(parts('a ? b : c && d')).toEqual(['a ? b : c && d']);
    expect(parts('record.ok')).toEqual(['record.ok']);
  });

  it('ignores && and || inside strings, raw strings and comments', () => {
    expect(parts('x == "a && b || c" && y')).toEqual(['x == "a && b || c"', 'y']);
    expect(parts("x == 'it\\'s && so' && y")).toEqual(["x == 'it\\'s && so'", 'y']);
    expect(parts('x == r"\\" && z')).toEqual(['x == r"\\"', 'z']);
    expect(parts('x == """a " || b""" && y')).toEqual(['x == """a " || b"""', 'y']);
    expect(parts('a // why || not\n&& b')).toEqual(['a // why || not', 'b']);
  });

  it('gives where each part starts in the whole', () => {
    const source = '  a &&\n  record.x > 1 &&(c)';
    const found = splitConjuncts(source);
    expect(found).toEqual([
      { source: 'a', offset: 2 },
      { source: 'record.x > 1', offset: 9 },
      { source: '(c)', offset: 24 },
    ]);
    for (const part of found)
      expect(source.slice(part.offset, part.offset + part.source.length)).toBe(part.source);
    expect(splitConjuncts(' a || b ')).toEqual([{ source: 'a || b', offset: 1 }]);
  });
});
