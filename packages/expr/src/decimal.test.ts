import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  divideHalfEven,
  formatDecimal,
  multiplyDecimal,
  roundDecimal,
  toDecimal,
} from './decimal.js';
import { parseDurationText } from './duration-text.js';

const d = (text: string) => toDecimal(text)!;

describe('decimals', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(formatDecimal(addDecimal(d('0.1'), d('0.2')))).toBe('0.3');
    expect(formatDecimal(addDecimal(toDecimal(0.1)!, toDecimal(0.2)!))).toBe('0.3');
  });

  it('multiplies exactly, the scale growing with the factor`s', () => {
    expect(formatDecimal(multiplyDecimal(d('19.99'), d('3')))).toBe('59.97');
    expect(formatDecimal(multiplyDecimal(d('-0.05'), d('0.5')))).toBe('-0.025');
    expect(formatDecimal(multiplyDecimal(d('0.125'), d('0.125')))).toBe('0.015625');
  });

  it('rounds half to even, symmetrically about zero', () => {
    const halves = [5n, 15n, 25n, -5n, -15n, -25n].map((n) => divideHalfEven(n, 10n));
    expect(halves).toEqual([0n, 2n, 2n, 0n, -2n, -2n]);
    expect(divideHalfEven(7n, -2n)).toBe(-4n);
    expect(divideHalfEven(-7n, -2n)).toBe(4n);
    expect(divideHalfEven(-3n, 4n)).toBe(-1n);
    expect(divideHalfEven(26n, 10n)).toBe(3n);
    expect(() => divideHalfEven(1n, 0n)).toThrow('division by zero');
    expect(formatDecimal(roundDecimal(d('0.125'), 2))).toBe('0.12');
    expect(formatDecimal(roundDecimal(d('0.135'), 2))).toBe('0.14');
    expect(formatDecimal(roundDecimal(d('0.1'), 2))).toBe('0.10');
  });

  it('divides to a given scale, exactly beyond 2^53', () => {
    expect(formatDecimal(divideDecimal(d('1.00'), d('3'), 2))).toBe('0.33');
    expect(formatDecimal(divideDecimal(d('0.05'), d('2'), 2))).toBe('0.02');
    expect(formatDecimal(divideDecimal(d('10'), d('0.125'), 2))).toBe('80.00');
    expect(formatDecimal(divideDecimal(d('92233720368547758.07'), d('2'), 2))).toBe(
      '46116860184273879.04',
    );
    expect(() => divideDecimal(d('1'), d('0.0'), 2)).toThrow('division by zero');
  });

  it('compares across scales and rejects what is not a number', () => {
    expect(compareDecimal(d('25'), d('25.00'))).toBe(0);
    expect(compareDecimal(d('0.01'), d('0.009'))).toBe(1);
    expect(toDecimal('12,50')).toBeUndefined();
    expect(toDecimal(Number.NaN)).toBeUndefined();
  });
});

describe('duration text', () => {
  it('reads CEL durations and days', () => {
    expect(parseDurationText('72h')).toBe(72 * 3_600_000);
    expect(parseDurationText('90d')).toBe(90 * 86_400_000);
    expect(parseDurationText('1h30m')).toBe(90 * 60_000);
    expect(parseDurationText('-1.5h')).toBe(-5_400_000);
    expect(parseDurationText('72 hours')).toBeUndefined();
    expect(parseDurationText('')).toBeUndefined();
  });
});
