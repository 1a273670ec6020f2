import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  formatDecimal,
  multiplyDecimal,
  toDecimal,
} from './decimal.js';
import { parseDurationText } from './duration-text.js';

const d = (text: string) => toDecimal(text)!;

describe('decimals', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(formatDecimal(addDecimal(d('0.1'), d('0.2')))).toBe('0.3');
    expect(formatDecimal(addDecimal(toDecimal(0.1)!, toDecimal(0.2)!))).toBe('0.3');
  });

  it('multiplies exactly and keeps the money`s scale', () => {
    expect(formatDecimal(multiplyDecimal(d('19.99'), d('3'), 2))).toBe('59.97');
    expect(formatDecimal(multiplyDecimal(d('-0.05'), d('0.5'), 2))).toBe('-0.025');
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
