import fc from 'fast-check';
import type { AppModel } from '@specrun/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { entity, field, model as modelOf, type } from '../support/model-builder.js';
import { DIALECTS, useDatabases } from './support/dialects.js';
import { compileToJs, evaluate } from './support/expr.js';
import { loadDataset } from './support/load-dataset.js';
import { selectIds } from './support/run-filter.js';
import { createTables, type TestDatabase } from './support/test-databases.js';

// Decimal arithmetic is exact (docs/spec-language.md, "Decimal arithmetic"): + and − exact,
// × exact to 20 digits after the point and rounded half to even beyond, ÷ rounded half to even
// to 20 digits. A BigInt reference written here from that rule gives each case's answer;
// evaluate(), compiled JavaScript, and SQL on SQLite and PostgreSQL must each give exactly it.

const PLACES = 20;
const declared = { meaning: '', engine: false };
const MODEL: AppModel = {
  ...modelOf([
    entity('Line', [
      field('a', type.decimal),
      field('b', type.decimal),
      field('n', type.integer),
      field('expected', type.decimal),
    ]),
  ]),
  constants: [{ name: 'RATE', value: { kind: 'number', value: 0.125 }, ...declared }],
};
const SCOPE = { entity: 'Line' };

/** An exact number: units / 10^scale; `int` when the language holds it as an integer. */
type Exact = { units: bigint; scale: number; int: boolean };

const pow10 = (k: number) => 10n ** BigInt(k);
const abs = (x: bigint) => (x < 0n ? -x : x);

function parse(text: string): Exact {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length, int: false };
}

function text({ units, scale }: Exact): string {
  let [u, s] = [units, scale];
  while (s > 0 && u % 10n === 0n) [u, s] = [u / 10n, s - 1];
  const digits = abs(u)
    .toString()
    .padStart(s + 1, '0');
  const point = s > 0 ? `.${digits.slice(digits.length - s)}` : '';
  return `${u < 0n ? '-' : ''}${digits.slice(0, digits.length - s)}${point}`;
}

/** n / d rounded half to even (d ≠ 0). */
function halfEven(n: bigint, d: bigint): bigint {
  const [num, den] = d < 0n ? [-n, -d] : [n, d];
  const floor = num >= 0n ? num / den : -((-num + den - 1n) / den);
  const twice = 2n * (num - floor * den);
  return twice > den || (twice === den && floor % 2n !== 0n) ? floor + 1n : floor;
}

/** The rule, operation by operation: null with null, an error on division by zero. */
function reference(op: string, x: Value, y: Value): Value {
  if (x === 'error' || y === 'error') return 'error';
  if (x === null || y === null) return null;
  if (x.int && y.int) {
    if (op === '+') return { units: x.units + y.units, scale: 0, int: true };
    if (op === '-') return { units: x.units - y.units, scale: 0, int: true };
    return { units: x.units * y.units, scale: 0, int: true };
  }
  const scale = Math.max(x.scale, y.scale);
  const [p, q] = [x.units * pow10(scale - x.scale), y.units * pow10(scale - y.scale)];
  switch (op) {
    case '+':
      return { units: p + q, scale, int: false };
    case '-':
      return { units: p - q, scale, int: false };
    case '*': {
      const product = { units: x.units * y.units, scale: x.scale + y.scale, int: false };
      if (product.scale <= PLACES) return product;
      return {
        units: halfEven(product.units, pow10(product.scale - PLACES)),
        scale: PLACES,
        int: false,
      };
    }
    default:
      // p / q at PLACES digits: (p × 10^PLACES) / q, rounded half to even.
      return q === 0n
        ? 'error'
        : { units: halfEven(p * pow10(PLACES), q), scale: PLACES, int: false };
  }
}

function compare(x: Exact, y: Exact): number {
  const scale = Math.max(x.scale, y.scale);
  const [p, q] = [x.units * pow10(scale - x.scale), y.units * pow10(scale - y.scale)];
  return p < q ? -1 : p > q ? 1 : 0;
}

// Decimals with up to 20 digits after the point and up to 30 digits in all, small ones where
// rounding shows most, and the values that are awkward in binary (0.1, 0.2, 0.3).
const decimalText = fc.oneof(
  fc
    .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: PLACES }))
    .map(([units, scale]) => text({ units, scale, int: false })),
  fc
    .tuple(fc.bigInt({ min: -999n, max: 999n }), fc.integer({ min: 0, max: 3 }))
    .map(([units, scale]) => text({ units, scale, int: false })),
  fc.constantFrom(
    '0.1',
    '0.2',
    '0.3',
    '-0.1',
    '0',
    '1',
    '3',
    '0.5',
    '2.5',
    '0.00000000000000000001',
  ),
);

/** An expression: its source, and its exact value on a line (null when empty, or an error). */
type Value = Exact | null | 'error';
type Node = { source: string; value: (line: Line) => Value; int: boolean };
type Line = { a: string | null; b: string | null; n: bigint | null };

const field_ = (name: 'a' | 'b'): Node => ({
  source: `record.${name}`,
  value: (line) => (line[name] === null ? null : parse(line[name])),
  int: false,
});
const leaf: fc.Arbitrary<Node> = fc.oneof(
  fc.constant(field_('a')),
  fc.constant(field_('b')),
  fc.constant<Node>({
    source: 'record.n',
    value: (line) => (line.n === null ? null : { units: line.n, scale: 0, int: true }),
    int: true,
  }),
  fc.constant<Node>({ source: 'RATE', value: () => parse('0.125'), int: false }),
  // A literal is written with a point, so that it is a decimal and not an integer.
  decimalText.map((t) => {
    const written = t.includes('.') ? t : `${t}.0`;
    return {
      source: t.startsWith('-') ? `(${written})` : written,
      value: () => parse(t),
      int: false,
    };
  }),
);
const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(tie('node'), fc.constantFrom('+', '-', '*', '/'), tie('node'))
      .map(([l, op, r]): Node => {
        // An integer ÷ an integer is integer division, which SQL runs only by a literal.
        const o = l.int && r.int && op === '/' ? '*' : op;
        return {
          source: `(${l.source} ${o} ${r.source})`,
          int: l.int && r.int,
          value: (line) => reference(o, l.value(line), r.value(line)),
        };
      }),
  ),
})).node;

const lineOf: fc.Arbitrary<Line> = fc.record({
  a: fc.option(decimalText, { nil: null, freq: 8 }),
  b: fc.option(fc.oneof(decimalText, fc.constant('0')), { nil: null, freq: 8 }),
  n: fc.option(fc.bigInt({ min: -50n, max: 50n }), { nil: null, freq: 8 }),
});

type Row = Record<string, unknown>;
const AT = '2024-05-10T00:00:00.000Z';
const rowOf = (i: number, line: Line, expected: string | null): Row => ({
  id: `line-${i}`,
  createdAt: AT,
  updatedAt: AT,
  version: 1,
  a: line.a,
  b: line.b,
  n: line.n === null ? null : Number(line.n),
  expected,
});

/** What evaluate() says of a condition on one row; an error does not hold. */
function holds(condition: string, row: Row): boolean {
  try {
    return evaluate(condition, MODEL, { record: row }, SCOPE) === true;
  } catch {
    return false;
  }
}

describe('exact decimal arithmetic in evaluate() and compiled JavaScript', () => {
  it('adds 0.1 and 0.2 to exactly 0.3, and compares exactly', () => {
    const record = { id: 'l1', a: '0.1', b: '0.2', n: 3 };
    const on = (source: string) => evaluate(source, MODEL, { record }, SCOPE);
    expect(on('record.a + record.b')).toBe('0.3');
    expect(on('0.1 + 0.2 == 0.3')).toBe(true);
    expect(on('record.a + record.b == 0.3')).toBe(true);
    expect(on('record.a * record.b')).toBe('0.02');
    expect(on('record.a * 3')).toBe('0.3');
    expect(on('1.0 / 3')).toBe('0.33333333333333333333');
    expect(on('2.0 / 3')).toBe('0.66666666666666666667');
    expect(on('record.n / 2')).toBe(1);
    expect(on('record.n * 0.5')).toBe('1.5');
    expect(on('12345678901234567.123456789 + 0.000000001')).toBe('12345678901234567.12345679');
    const js = compileToJs('record.a + record.b == 0.3 && record.a * 3 == 0.3', MODEL, SCOPE);
    expect(js.ok && js.holds({ record })).toBe(true);
  });
});

describe.each(DIALECTS)('decimal arithmetic on %s', (dialect) => {
  const open = useDatabases(dialect);
  let target: TestDatabase;
  beforeAll(async () => {
    target = await open('decimal_agrees');
    await createTables(target, MODEL);
  });

  it('computes exactly the reference in evaluate(), compiled JavaScript and SQL', async () => {
    let matched = 0;
    let errors = 0;
    let rounded = 0;
    await fc.assert(
      fc.asyncProperty(
        node,
        fc.array(lineOf, { minLength: 1, maxLength: 5 }),
        async (expr, lines) => {
          const answers = lines.map((line) => expr.value(line));
          const rows = lines.map((line, i) => {
            const answer = answers[i];
            return rowOf(i, line, answer === null || answer === 'error' ? null : text(answer!));
          });
          for (const [i, row] of rows.entries()) {
            const answer = answers[i]!;
            if (answer === 'error') {
              errors += 1;
              expect(
                () => evaluate(expr.source, MODEL, { record: row }, SCOPE),
                expr.source,
              ).toThrow();
              continue;
            }
            if (answer === null) {
              expect(evaluate(expr.source, MODEL, { record: row }, SCOPE), expr.source).toBeNull();
              continue;
            }
            if (answer.scale >= PLACES) rounded += 1;
            const value = evaluate(expr.source, MODEL, { record: row }, SCOPE);
            const want = expr.int ? Number(answer.units) : text(answer);
            expect({ source: expr.source, row, value }).toEqual({
              source: expr.source,
              row,
              value: want,
            });
          }
          await target.db.deleteFrom('lines').execute();
          await loadDataset(target, MODEL, { rows: { lines: rows }, userId: null });
          const condition = `${expr.source} == record.expected`;
          // An empty value equals an empty `expected`; an error holds for no row.
          const expected = rows.filter((_, i) => answers[i] !== 'error').map((r) => r.id as string);
          // evaluate() agrees with the reference, and so do compiled JavaScript and SQL.
          expect(rows.filter((r) => holds(condition, r)).map((r) => r.id)).toEqual(expected);
          const js = compileToJs(condition, MODEL, SCOPE);
          if (!js.ok) throw new Error(`${condition}: ${JSON.stringify(js.issues)}`);
          expect(rows.filter((r) => js.holds({ record: r })).map((r) => r.id)).toEqual(expected);
          const bySql = await selectIds(target, MODEL, 'Line', condition, {});
          expect({ condition, ids: bySql }).toEqual({ condition, ids: [...expected].sort() });
          matched += expected.length;
        },
      ),
      { numRuns: 250, seed: 20260601 },
    );
    // The generator reaches answers, rounded quotients and products, and errors.
    expect(matched).toBeGreaterThan(200);
    expect(rounded).toBeGreaterThan(20);
    expect(errors).toBeGreaterThan(0);
  }, 240_000);

  it('orders decimals exactly, beyond the digits a double holds', async () => {
    const ops = ['<', '<=', '>', '>=', '==', '!='] as const;
    const pair = fc.tuple(
      decimalText,
      fc.oneof(
        decimalText,
        // Neighbours of a that a double cannot tell apart.
        fc.constantFrom('12345678901234567.1', '12345678901234567.2', '0.30000000000000001'),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(pair, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...ops),
        fc.boolean(),
        async (pairs, op, literal) => {
          const rows = pairs.map(([a, b], i) => rowOf(i, { a, b, n: BigInt(i) }, null));
          const right = literal ? pairs[0]![1] : undefined;
          const rhs = right === undefined ? 'record.b' : right.includes('.') ? right : `${right}.0`;
          const condition = `record.a ${op} ${right?.startsWith('-') ? `(${rhs})` : rhs}`;
          const test: Record<(typeof ops)[number], (c: number) => boolean> = {
            '<': (c) => c < 0,
            '<=': (c) => c <= 0,
            '>': (c) => c > 0,
            '>=': (c) => c >= 0,
            '==': (c) => c === 0,
            '!=': (c) => c !== 0,
          };
          const expected = pairs
            .map(([a, b], i) => ({ id: `line-${i}`, c: compare(parse(a), parse(right ?? b)) }))
            .filter(({ c }) => test[op](c))
            .map(({ id }) => id);
          expect(rows.filter((r) => holds(condition, r)).map((r) => r.id)).toEqual(expected);
          const js = compileToJs(condition, MODEL, SCOPE);
          expect(js.ok && rows.filter((r) => js.holds({ record: r })).map((r) => r.id)).toEqual(
            expected,
          );
          await target.db.deleteFrom('lines').execute();
          await loadDataset(target, MODEL, { rows: { lines: rows }, userId: null });
          const bySql = await selectIds(target, MODEL, 'Line', condition, {});
          expect({ condition, ids: bySql }).toEqual({ condition, ids: [...expected].sort() });
        },
      ),
      { numRuns: 150, seed: 20260602 },
    );
  }, 240_000);
});
