import { describe, expect, it } from 'vitest';
import { compilePattern, patternProblem } from './pattern.js';

describe('compilePattern', () => {
  it('matches anywhere in the value, as RegExp.test does, and by code point', () => {
    expect(compilePattern('^97[89][0-9]{10}$').test('9781234567897')).toBe(true);
    expect(compilePattern('[0-9]').test('abc1')).toBe(true);
    expect(compilePattern('^\\p{Lu}+$').test('ÉÀÜ')).toBe(true);
    expect(compilePattern('^.$').test('😀')).toBe(true);
  });

  it('takes time in proportion to the value, whatever the pattern', () => {
    // A backtracking engine takes seconds on 29 characters here, twice as long per character.
    const nested = compilePattern('^([a-z]+)+$');
    const started = performance.now();
    for (const n of [29, 40, 10_000]) expect(nested.test(`${'a'.repeat(n)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('patternProblem', () => {
  it('answers nothing for what the engine runs', () => {
    for (const regex of ['^[a-z][a-z0-9-]*$', '^\\d{3}-\\d{4}$', '[(?=]', '^\\p{L}+$', 'a{2,10}'])
      expect(patternProblem(regex), regex).toBeUndefined();
  });

  it('names backreferences, lookarounds and \\u escapes, where they stand, with a way out', () => {
    expect(patternProblem('^(a+)\\1$')).toMatchObject({ index: 5, message: /backreference/ });
    expect(patternProblem('(?<x>a)\\k<x>')).toMatchObject({ index: 7, message: /backreference/ });
    expect(patternProblem('^(?!admin)')).toMatchObject({ index: 1, message: /lookaround/ });
    expect(patternProblem('x(?<=a)')).toMatchObject({ index: 1, message: /lookaround/ });
    expect(patternProblem('^[\\u00e9]$')).toMatchObject({ index: 2, hint: /character itself/ });
  });

  it("gives the engine's own reason for anything else", () => {
    expect(patternProblem('a{1001}')).toMatchObject({ index: 0, message: /repeat count/ });
    expect(patternProblem('(')).toMatchObject({ message: /missing/ });
  });
});
