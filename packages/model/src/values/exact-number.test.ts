import { describe, expect, it } from 'vitest';
import type { AppModel } from '../app-model.js';
import type { Field, FieldType } from '../entity.js';
import { checkValue } from './check-value.js';
import { ExactNumber, numberText } from './exact-number.js';
import { fieldCheck } from './field-check.js';

const check = (type: FieldType) => {
  const field: Field = { name: 'f', type, rules: [], required: false, builtin: false };
  return fieldCheck({ properties: { currency: 'EUR' } } as unknown as AppModel, field);
};
const money = check({ kind: 'money' });
const decimal = check({ kind: 'decimal' });
const integer = check({ kind: 'integer' });

describe('numberText', () => {
  it('writes numbers out without an exponent', () => {
    expect(numberText(12.5)).toBe('12.5');
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(numberText(1.5e-7)).toBe('0.00000015');
    expect(numberText(new ExactNumber('12345678901234567.89'))).toBe('12345678901234567.89');
    expect(numberText(new ExactNumber('1.2345678901234567891e3'))).toBe('1234.5678901234567891');
    expect(numberText(new ExactNumber('-4e-2'))).toBe('-0.04');
  });

  it('gives nothing for what is not a number, or would write out hundreds of digits', () => {
    expect(numberText('12.5')).toBeUndefined();
    expect(numberText(Infinity)).toBeUndefined();
    expect(numberText({ text: '1' })).toBeUndefined();
    expect(numberText(new ExactNumber('1e-1000000000'))).toBeUndefined();
  });
});

describe('exact numbers in fields', () => {
  it('reads money and decimals exactly', () => {
    expect(checkValue(money, new ExactNumber('12345678901234567.89'), [])).toEqual({
      ok: true,
      value: '12345678901234567.89',
    });
    expect(checkValue(decimal, new ExactNumber('0.10000000000000000555'), [])).toEqual({
      ok: true,
      value: '0.10000000000000000555',
    });
    expect(checkValue(money, 12.5, [])).toEqual({ ok: true, value: '12.50' });
  });

  it('refuses them where a whole number or text is wanted, and money with too many decimals', () => {
    expect(checkValue(integer, new ExactNumber('12345678901234567'), []).ok).toBe(false);
    expect(checkValue(check({ kind: 'text' }), new ExactNumber('1.00000000000000001'), []).ok).toBe(
      false,
    );
    expect(checkValue(money, new ExactNumber('0.100000000000000001'), []).ok).toBe(false);
  });

  it('is written back as its exact text', () => {
    expect(JSON.stringify({ amount: new ExactNumber('12345678901234567.89') })).toBe(
      '{"amount":"12345678901234567.89"}',
    );
  });
});
