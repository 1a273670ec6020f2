import fc from 'fast-check';
import { decimalSortKey, registerDecimalFunctions } from '@specrun/expr';
import { describe, expect, it } from 'vitest';
// The worker's plain-JavaScript copy of the decimal functions (see the file for why a copy).
import * as worker from '../../workers/sqlite-decimal.mjs';

type Fn = (...args: unknown[]) => unknown;

/** expr's own functions, as registerDecimalFunctions hands them to a connection. */
function exprFunctions(): Record<string, Fn> {
  const found: Record<string, Fn> = {};
  registerDecimalFunctions({
    function: (name, _options, fn) => (found[name] = fn as Fn),
    aggregate: (name, { step }) => (found[name] = step as Fn),
  });
  return found;
}

const decimal = fc.oneof(
  fc
    .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 25 }))
    .map(([units, scale]) => {
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const point = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
      return `${units < 0n ? '-' : ''}${digits.slice(0, digits.length - scale)}${point}`;
    }),
  fc.bigInt({ min: -1000n, max: 1000n }),
  fc.constantFrom('0', '0.1', '-0.5', null),
);

describe('the read worker`s decimal functions', () => {
  it('answer as expr`s own, which the main connection and evaluate() run', () => {
    const own = exprFunctions();
    fc.assert(
      fc.property(decimal, decimal, fc.constantFrom('+', '-', '*', '/'), (a, b, op) => {
        expect(worker.decimalArithmetic(op, a, b)).toBe(own.sr_decimal!(op, a, b));
        expect(worker.decimalCompare(a, b)).toBe(own.sr_decimal_cmp!(a, b));
        expect(worker.decimalSortKey(a)).toBe(decimalSortKey(a));
      }),
      { numRuns: 3000 },
    );
  });

  it('sum, min and max as expr`s own aggregates, NULLs left out', () => {
    const own = exprFunctions();
    const fold = (step: Fn, values: unknown[]) =>
      values.reduce<unknown>((total, next) => step(total, next), null);
    fc.assert(
      fc.property(fc.array(decimal, { maxLength: 8 }), (values) => {
        expect(fold(worker.decimalSumStep as Fn, values)).toBe(fold(own.sr_decimal_sum!, values));
        expect(fold(worker.decimalMinStep as Fn, values)).toBe(fold(own.sr_decimal_min!, values));
        expect(fold(worker.decimalMaxStep as Fn, values)).toBe(fold(own.sr_decimal_max!, values));
      }),
      { numRuns: 2000 },
    );
  });

  it('sort keys order as the numbers do', () => {
    const own = exprFunctions();
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        fc.pre(a !== null && b !== null);
        const [x, y] = [decimalSortKey(a)!, decimalSortKey(b)!];
        const byKey = x < y ? -1n : x > y ? 1n : 0n;
        expect(byKey).toBe(own.sr_decimal_cmp!(a, b));
      }),
      { numRuns: 3000 },
    );
  });
});
