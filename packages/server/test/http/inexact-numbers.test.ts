import { ExactNumber } from '@specrun/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  heldExactly,
  inexactNumbers,
  parseWithExactNumbers,
} from '../../src/http/inexact-numbers.js';

const tokens = (text: string) => inexactNumbers(text).map((t) => text.slice(t.start, t.end));

describe('numbers a double would round', () => {
  it('tells the numbers a double holds from those it rounds', () => {
    for (const held of ['0', '-0', '12.5', '0.1', '1e21', '1.5E-7', '9007199254740991', '1.000'])
      expect(heldExactly(held), held).toBe(true);
    for (const rounded of [
      '12345678901234567.89',
      '9007199254740993',
      '1.00000000000000001',
      '0.1000000000000000055511151231257827',
      '1e-400',
    ])
      expect(heldExactly(rounded), rounded).toBe(false);
    // Too large to be a double: left to the body's check for finite numbers.
    expect(heldExactly('1e309')).toBe(true);
  });

  it('finds number tokens outside strings only', () => {
    const text = String.raw`{"a\"12345678901234567.89": "12345678901234567.89\\", "b": [1, 12345678901234567.89, -9007199254740993e0]}`;
    expect(tokens(text)).toEqual(['12345678901234567.89', '-9007199254740993e0']);
    expect(tokens('12345678901234567.89')).toEqual(['12345678901234567.89']);
  });

  it('agrees with JSON.parse on every number a double holds', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(tokens(JSON.stringify({ n, list: [n, String(n)] }))).toEqual([]);
      }),
    );
  });

  it('keeps the rounded ones as their text, everything else as JSON.parse gives it', () => {
    const text = '{"amount": 12345678901234567.89, "n": 2, "list": [9007199254740993, "x"]}';
    const parsed = parseWithExactNumbers(text, inexactNumbers(text));
    expect(parsed).toEqual({
      amount: new ExactNumber('12345678901234567.89'),
      n: 2,
      list: [new ExactNumber('9007199254740993'), 'x'],
    });
    expect(
      parseWithExactNumbers('1.00000000000000001', inexactNumbers('1.00000000000000001')),
    ).toEqual(new ExactNumber('1.00000000000000001'));
  });
});
