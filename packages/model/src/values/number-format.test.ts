import { describe, expect, it } from 'vitest';
import { isSettable } from '../access/field-sets.js';
import { formatNumber, numberFormatProblem, numberSeries } from './number-format.js';

describe('number formats', () => {
  it('accepts one number part with text and date parts around it', () => {
    expect(numberFormatProblem('{n}')).toBeUndefined();
    expect(numberFormatProblem('WEB-{n}')).toBeUndefined();
    expect(numberFormatProblem('INV-{yyyy}-{mm}-{nnnn}')).toBeUndefined();
  });

  it('names what is wrong: no number, two, an unknown part, a stray brace', () => {
    expect(numberFormatProblem('WEB-1')).toMatch(/no `\{n\}`/);
    expect(numberFormatProblem('{n}-{nn}')).toMatch(/more than one/);
    expect(numberFormatProblem('{n}-{q}')).toMatch(/`\{q\}`/);
    expect(numberFormatProblem('{n}}')).toMatch(/brace/);
  });

  it('fills the date parts in the time zone, so that a new year starts a new series', () => {
    const newYearInParis = new Date('2025-12-31T23:30:00Z');
    expect(numberSeries('INV-{yyyy}-{n}', newYearInParis, 'UTC')).toBe('INV-2025-{n}');
    expect(numberSeries('INV-{yyyy}-{n}', newYearInParis, 'Europe/Paris')).toBe('INV-2026-{n}');
    expect(numberSeries('{yy}{mm}{dd}-{n}', newYearInParis, 'UTC')).toBe('251231-{n}');
  });

  it('writes the number in, zero-padded to the width of its part', () => {
    expect(formatNumber('INV-2025-{nnnn}', 7)).toBe('INV-2025-0007');
    expect(formatNumber('WEB-{n}', 12345)).toBe('WEB-12345');
    expect(formatNumber('{nn}', 123)).toBe('123');
  });

  it('makes a numbered field one no caller sets', () => {
    const field = { name: 'key', type: { kind: 'text' as const }, required: false, builtin: false };
    expect(isSettable({ ...field, rules: [] })).toBe(true);
    expect(isSettable({ ...field, rules: [{ kind: 'numbered', format: 'WEB-{n}' }] })).toBe(false);
  });
});
