import { describe, expect, it } from 'vitest';
import { splitConjuncts } from '../../src/lifecycle/index.js';

describe('splitConjuncts', () => {
  it('splits a condition at its top-level &&', () => {
    expect(splitConjuncts('a && b')).toEqual(['a', 'b']);
    expect(splitConjuncts(' record.x > 1 && size(input.reason) >= 5 && c ')).toEqual([
      'record.x > 1',
      'size(input.reason) >= 5',
      'c',
    ]);
    expect(splitConjuncts('a && (b || c) && [x && y][0]')).toEqual([
      'a',
      '(b || c)',
      '[x && y][0]',
    ]);
  });

  it('keeps a condition whole when || or ?: binds it more loosely than &&', () => {
    expect(splitConjuncts('a && b || c')).toEqual(['a && b || c']);
    expect(splitConjuncts('a || b && c')).toEqual(['a || b && c']);
    expect(splitConjuncts('a ? b : c && d')).toEqual(['a ? b : c && d']);
    expect(splitConjuncts('record.ok')).toEqual(['record.ok']);
  });

  it('ignores && and || inside strings, raw strings and comments', () => {
    expect(splitConjuncts('x == "a && b || c" && y')).toEqual(['x == "a && b || c"', 'y']);
    expect(splitConjuncts("x == 'it\\'s && so' && y")).toEqual(["x == 'it\\'s && so'", 'y']);
    expect(splitConjuncts('x == r"\\" && z')).toEqual(['x == r"\\"', 'z']);
    expect(splitConjuncts('x == """a " || b""" && y')).toEqual(['x == """a " || b"""', 'y']);
    expect(splitConjuncts('a // why || not\n&& b')).toEqual(['a // why || not', 'b']);
  });
});
