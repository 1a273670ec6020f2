import fc from 'fast-check';
import { fromMinorUnits, toMinorUnits } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.js';
import { compileToJs } from './js/compile-to-js.js';
import { appModel, entity, field } from './test-support/model-builder.js';

// Money × and ÷ a number, checked against what half-even rounding means rather than against a
// second implementation of it: the answer has the currency's digits, lies within half a minor
// unit of the exact value, and on an exact half is even. Those three fix one answer.

const CURRENCIES = [
  { code: 'EUR', digits: 2 },
  { code: 'JPY', digits: 0 },
  { code: 'BHD', digits: 3 },
] as const;

const model = appModel({
  properties: { currency: 'EUR' },
  entities: [
    entity('Line', 'lines', [
      field('rate', { kind: 'decimal' }),
      field('count', { kind: 'integer' }),
      ...CURRENCIES.flatMap(({ code }) => [
        field(`amount${code}`, { kind: 'money', currency: code }),
        field(`expected${code}`, { kind: 'money', currency: code }),
      ]),
    ]),
  ],
});
const SCOPE = { entity: 'Line' };

/** A number as the exact fraction num / den (den > 0). */
type Fraction = { num: bigint; den: bigint };

// Factors with up to 15 significant digits, which a double (a decimal field in an expression)
// holds exactly; ties (…5 at the first digit dropped) are frequent among them.
const factor: fc.Arbitrary<{ text: string; value: Fraction }> = fc
  .tuple(
    fc.oneof(
      fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }),
      fc.constantFrom(0n, 1n, 2n, 3n, 5n, -5n, 125n, 25n, 15n),
    ),
    fc.integer({ min: 0, max: 6 }),
  )
  .map(([units, scale]) => ({
    text: fromMinorUnits(units, scale),
    value: { num: units, den: 10n ** BigInt(scale) },
  }));
// Amounts well beyond 2^53 minor units, and small ones, where rounding shows most.
const units = fc.oneof(
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
  fc.bigInt({ min: -1000n, max: 1000n }),
);
const caseOf = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  units,
  factor,
  op: fc.constantFrom('*', '/'),
  operand: fc.constantFrom('literal', 'field', 'left'),
});

const abs = (x: bigint) => (x < 0n ? -x : x);

/** The exact result of the case, in minor units, as a fraction. */
function exact(units: bigint, op: string, f: Fraction): Fraction | undefined {
  if (op === '*') return { num: units * f.num, den: f.den };
  if (f.num === 0n) return undefined;
  const sign = f.num < 0n ? -1n : 1n;
  return { num: units * f.den * sign, den: abs(f.num) };
}

describe('money × and ÷ a number round half to even to the minor unit', () => {
  it('in evaluate() and in compiled JavaScript alike', () => {
    let ties = 0;
    let rounded = 0;
    fc.assert(
      fc.property(caseOf, ({ currency, units, factor: f, op, operand }) => {
        const { code, digits } = currency;
        const amount = `record.amount${code}`;
        const by = operand === 'field' ? 'record.rate' : f.text;
        const source =
          operand === 'left' && op === '*' ? `${by} * ${amount}` : `${amount} ${op} ${by}`;
        const record = {
          id: 'l1',
          rate: Number(f.text),
          [`amount${code}`]: fromMinorUnits(units, digits),
        };
        const want = exact(units, op, f.value);
        if (!want) {
          expect(() => evaluate(source, model, { record }, SCOPE)).toThrow('division by zero');
          return;
        }
        const answer = evaluate(source, model, { record }, SCOPE) as { amount: string };
        expect(answer.amount.split('.')[1]?.length ?? 0).toBe(digits);
        const got = toMinorUnits(answer.amount, digits)!;
        // |got − num/den| ≤ ½, in integers: |2·(got·den − num)| ≤ den.
        const off = 2n * abs(got * want.den - want.num);
        expect(off <= want.den, `${source} on ${record[`amount${code}`]} = ${answer.amount}`).toBe(
          true,
        );
        if (off === want.den) {
          ties += 1;
          expect(got % 2n, `${source}: a half goes to the even neighbour`).toBe(0n);
        }
        if (off !== 0n) rounded += 1;
        const compiled = compileToJs(`(${source}) == record.expected${code}`, model, SCOPE);
        if (!compiled.ok) throw new Error(JSON.stringify(compiled.issues));
        const withAnswer = { ...record, [`expected${code}`]: answer.amount };
        expect(compiled.holds({ record: withAnswer }), source).toBe(true);
        const oneOff = fromMinorUnits(got + 1n, digits);
        expect(compiled.holds({ record: { ...record, [`expected${code}`]: oneOff } })).toBe(false);
      }),
      { numRuns: 3000 },
    );
    // The generator reaches both kinds of case that rounding has to get right.
    expect(ties).toBeGreaterThan(30);
    expect(rounded).toBeGreaterThan(1000);
  });

  it('rounds the examples of the reference', () => {
    const on = (source: string, amount: string) =>
      evaluate(source, model, { record: { id: 'l1', amountEUR: amount } }, SCOPE);
    expect(on('record.amountEUR * 0.125', '450.00')).toEqual({ amount: '56.25', currency: 'EUR' });
    expect(on('record.amountEUR * 0.125', '1.00')).toEqual({ amount: '0.12', currency: 'EUR' });
    expect(on('record.amountEUR / 2', '0.05')).toEqual({ amount: '0.02', currency: 'EUR' });
    expect(on('record.amountEUR / 2', '0.07')).toEqual({ amount: '0.04', currency: 'EUR' });
    expect(on('record.amountEUR / 2', '-0.05')).toEqual({ amount: '-0.02', currency: 'EUR' });
    expect(on('record.amountEUR / 3', '10.00')).toEqual({ amount: '3.33', currency: 'EUR' });
  });
});
