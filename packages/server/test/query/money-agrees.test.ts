import fc from 'fast-check';
import { canonicalDecimal, fromMinorUnits, toMinorUnits, type AppModel } from '@specrun/model';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { entity, field, model as modelOf, type } from '../support/model-builder.js';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { DIALECTS, useDatabases } from './support/dialects.js';
import { compileToJs, compileToSql, evaluate } from './support/expr.js';
import { selectIds } from './support/run-filter.js';
import { loadDataset } from './support/load-dataset.js';
import { createTables, type TestDatabase } from './support/test-databases.js';

// Money × and ÷ a number round half to even to the currency's minor unit (docs/spec-language.md).
// evaluate() is the reference; each case stores its answer in an `expected` column and asks the
// database which rows compute exactly that, and compiled JavaScript the same question.

/** Each currency with a field for the amount, one for a second amount, one for the answer. */
const CURRENCIES = [
  { code: 'EUR', digits: 2 },
  { code: 'JPY', digits: 0 },
  { code: 'BHD', digits: 3 },
] as const;
type Currency = (typeof CURRENCIES)[number];

const declared = { meaning: '', engine: false };
const MODEL: AppModel = {
  ...modelOf(
    [
      entity('Line', [
        field('count', type.integer),
        field('rate', type.decimal),
        field('base', type.ref('Line')),
        ...CURRENCIES.flatMap(({ code }) => [
          field(`amount${code}`, type.money(code)),
          field(`other${code}`, type.money(code)),
          field(`expected${code}`, type.money(code)),
        ]),
      ]),
    ],
    { currency: 'EUR' },
  ),
  constants: [
    { name: 'FEE', value: { kind: 'money', amount: '2.50', currency: 'EUR' }, ...declared },
    { name: 'RATE', value: { kind: 'number', value: 0.125 }, ...declared },
  ],
};

// Amounts reach beyond 2^53 minor units, where a double would round; results stay within the
// 64-bit integers the store keeps money in (|factor| ≤ 4 for ×, ≥ 0.25 for ÷).
const units = fc.oneof(
  fc.bigInt({ min: -2_000n, max: 2_000n }),
  fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }),
);
const decimal = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: 6 }), fc.double({ min, max, noNaN: true }))
    .map(([scale, x]) => (Math.round(x * 10 ** scale) / 10 ** scale).toFixed(scale))
    .filter((text) => Math.abs(Number(text)) >= min);
const signed = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.boolean()).map(([t, negative]) => (negative ? `(-${t})` : t));
const factor = signed(fc.oneof(decimal(0, 4), fc.constantFrom('0.5', '1.5', '2', '0.125')));
const divisor = signed(fc.oneof(decimal(0.25, 1000), fc.constantFrom('2', '3', '0.5', '0')));

/** An expression of money in one currency, from the line's fields, constants and numbers. */
function moneyExpression(code: Currency['code']): fc.Arbitrary<string> {
  const amount = `record.amount${code}`;
  const other = `record.other${code}`;
  const fee = code === 'EUR' ? ['FEE'] : [];
  const leaf = fc.constantFrom(amount, other, ...fee);
  return fc.oneof(
    fc.tuple(leaf, factor).map(([m, f]) => `${m} * ${f}`),
    fc.tuple(factor, leaf).map(([f, m]) => `${f} * ${m}`),
    fc.tuple(leaf, divisor).map(([m, d]) => `${m} / ${d}`),
    leaf.map((m) => `${m} * RATE`),
    leaf.map((m) => `${m} / record.count`),
    leaf.map((m) => `${m} * record.count`),
    leaf.map((m) => `${m} * record.rate`),
    leaf.map((m) => `record.rate * ${m}`),
    leaf.map((m) => `${m} / record.rate`),
    fc.tuple(factor, divisor).map(([f, d]) => `(${amount} + ${other}) * ${f} / ${d}`),
    fc.tuple(factor).map(([f]) => `-(${amount} * ${f}) - ${other} / 4`),
  );
}

// Rates as the store keeps them (canonical text), with up to 15 significant digits, which a
// double keeps exactly, and at most 18 digits and decimals together, which SQLite's integers
// hold (docs/decisions.md); amounts small enough for ÷ a small rate to fit 64 bits.
const rate = fc.oneof(
  fc.constantFrom('0', '0.5', '-1.5', '0.125', '2', '1.005', '0.0001'),
  fc
    .tuple(
      fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }),
      fc.integer({ min: 0, max: 15 }),
    )
    .filter(([u, scale]) => String(u < 0n ? -u : u).length + scale <= 18)
    .map(([u, scale]) => canonicalDecimal(fromMinorUnits(u, scale))!),
);
const lineOf = fc.record({
  count: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null, freq: 6 }),
  rate: fc.option(rate, { nil: null, freq: 6 }),
  amount: fc.option(units, { nil: null, freq: 8 }),
  other: units,
});
const caseOf = fc.constantFrom(...CURRENCIES).chain((currency) =>
  fc.record({
    currency: fc.constant(currency),
    source: moneyExpression(currency.code),
    lines: fc.array(lineOf, { minLength: 1, maxLength: 6 }),
  }),
);

type Line = { count: number | null; rate: string | null; amount: bigint | null; other: bigint };
type Row = Record<string, unknown>;
const AT = '2024-05-10T00:00:00.000Z';

/** The line as the store holds it, with evaluate()'s answer as `expected` (null when none). */
function rowOf(i: number, currency: Currency, line: Line, source: string): Row {
  const amount = (u: bigint | null) => (u === null ? null : fromMinorUnits(u, currency.digits));
  const row: Row = {
    id: `line-${i}`,
    createdAt: AT,
    updatedAt: AT,
    version: 1,
    count: line.count,
    rate: line.rate,
    [`amount${currency.code}`]: amount(line.amount),
    [`other${currency.code}`]: amount(line.other),
  };
  return withAnswer(source, currency, row, row);
}

/** The stored row with evaluate()'s answer on `record` as `expected` (null when none). */
function withAnswer(source: string, currency: Currency, row: Row, record: Row): Row {
  let expected: unknown = null;
  try {
    expected = evaluate(source, MODEL, { record }, { entity: 'Line' });
  } catch {
    // A division by zero: the expression cannot be evaluated, so no row may match below.
  }
  const answer = expected === null ? null : (expected as { amount: string }).amount;
  return { ...row, [`expected${currency.code}`]: answer };
}

const INT64 = 2n ** 63n;

function fits(amount: unknown, currency: Currency): boolean {
  if (typeof amount !== 'string') return true;
  const units = toMinorUnits(amount, currency.digits)!;
  return units < INT64 && units >= -INT64;
}

/** What evaluate() says of a condition on one row; an error does not hold. */
function holds(condition: string, row: Row): boolean {
  try {
    return evaluate(condition, MODEL, { record: row }, { entity: 'Line' }) === true;
  } catch {
    return false;
  }
}

/** The compiled condition with the record bound as parameters, asked of the database. */
async function holdsOnParams(target: TestDatabase, condition: string, record: Row) {
  const mapping = modelSqlMapping(MODEL, target.dialect);
  const options = { record: 'params' } as const;
  const compiled = compileToSql(condition, MODEL, { entity: 'Line' }, mapping, options);
  if (!compiled.ok) throw new Error(`${condition}: ${JSON.stringify(compiled.issues)}`);
  const where = compiled.sql({ record });
  const query = sql<{ ok: unknown }>`SELECT CASE WHEN ${where} THEN 1 ELSE 0 END AS ok`;
  const { rows } = await query.execute(target.db);
  return Number(rows[0]!.ok) === 1;
}

describe.each(DIALECTS)('money arithmetic on %s', (dialect) => {
  const open = useDatabases(dialect);
  let target: TestDatabase;
  beforeAll(async () => {
    target = await open('money_agrees');
    await createTables(target, MODEL);
  });

  it('computes what evaluate() and compiled JavaScript compute, rounding half to even', async () => {
    let matched = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(caseOf, async ({ currency, source, lines }) => {
        const rows = lines.map((line, i) => rowOf(i, currency, line, source));
        // An answer beyond the 64-bit minor units a money column holds cannot be stored.
        fc.pre(rows.every((row) => fits(row[`expected${currency.code}`], currency)));
        await target.db.deleteFrom('lines').execute();
        await loadDataset(target, MODEL, { rows: { lines: rows }, userId: null });
        const condition = `(${source}) == record.expected${currency.code}`;
        const js = compileToJs(condition, MODEL, { entity: 'Line' });
        if (!js.ok) throw new Error(`${condition}: ${JSON.stringify(js.issues)}`);
        const reference = rows.filter((row) => holds(condition, row));
        const expected = reference.map((row) => row.id as string).sort();
        // evaluate() agrees with itself: the rows it could compute are the rows it keeps.
        const computed = rows.filter((row) => row[`expected${currency.code}`] !== null);
        expect(computed.every((row) => holds(condition, row))).toBe(true);
        const byJs = rows.filter((row) => js.holds({ record: row })).map((row) => row.id);
        expect({ condition, ids: byJs.sort() }).toEqual({ condition, ids: expected });
        const bySql = await selectIds(target, MODEL, 'Line', condition, {});
        expect({ condition, ids: bySql }).toEqual({ condition, ids: expected });
        // The record bound as parameters, as validation rules and guards bind it.
        const byParams = [];
        for (const row of rows)
          if (await holdsOnParams(target, condition, row)) byParams.push(row.id);
        expect({ condition, ids: byParams.sort() }).toEqual({ condition, ids: expected });
        matched += expected.length;
        refused += rows.length - expected.length;
      }),
      { numRuns: 300, seed: 20260520 },
    );
    // Both sides of the comparison were tried: rows computed and rows that could not be.
    expect(matched).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(0);
  }, 180_000);

  it('computes the same through a reference, in a subquery', async () => {
    const sources = [
      'record.amountEUR * record.base.rate',
      'record.base.amountEUR / record.rate',
      'record.base.amountEUR * record.base.rate - record.otherEUR / record.base.rate',
      'record.base.otherEUR / record.base.count',
    ];
    const eur = CURRENCIES[0];
    const linesOf = fc.array(
      fc.tuple(lineOf, fc.option(fc.nat({ max: 5 }), { nil: null, freq: 4 })),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sources), linesOf, async (source, lines) => {
        const stored: Row[] = lines.map(([line, base], i) => ({
          ...rowOf(i, eur, line, 'record.amountEUR'),
          base: base === null ? null : `line-${base % lines.length}`,
        }));
        const rows = stored.map((row) => {
          const base = stored.find((r) => r.id === row.base) ?? null;
          return withAnswer(source, eur, row, { ...row, base });
        });
        fc.pre(rows.every((row) => fits(row.expectedEUR, eur)));
        await target.db.deleteFrom('lines').execute();
        await loadDataset(target, MODEL, { rows: { lines: rows }, userId: null });
        const condition = `(${source}) == record.expectedEUR`;
        const expected = rows
          .filter((row) =>
            holds(condition, { ...row, base: stored.find((r) => r.id === row.base) ?? null }),
          )
          .map((row) => row.id as string)
          .sort();
        const bySql = await selectIds(target, MODEL, 'Line', condition, {});
        expect({ condition, ids: bySql }).toEqual({ condition, ids: expected });
      }),
      { numRuns: 60, seed: 20260521 },
    );
  }, 180_000);
});
