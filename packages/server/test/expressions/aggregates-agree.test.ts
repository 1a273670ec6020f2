import fc from 'fast-check';
import { fromMinorUnits } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import {
  compareDecimal,
  decimalArithmetic,
  decimalText,
  toDecimal,
  type Decimal,
} from '../../../expr/src/decimal.js';
import { useHttpHarness } from '../http/support/http-harness.js';
import { evaluate } from '../query/support/expr.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { specText } from '../support/parsed-model.js';

// sum, min, max and avg (docs/spec-language.md, "Aggregates") worked out by the database, on
// SQLite and PostgreSQL alike, digit for digit: each case stores a few quotes and reads their
// request's computed values, which must be what exact arithmetic on the quotes gives.
const mine = 'q.request == record.id';
const SPEC = specText('Quotes', {
  1: 'Requests and the quotes they receive.\n\n- Currency: EUR',
  3: `
### Request

| Field      | Type     | Required | Default | Rules |
| ---------- | -------- | -------- | ------- | ----- |
| title      | text     | yes      |         |       |
| approved   | money    | no       |         | computed \`sum(Quote, q, q.amount, ${mine} && q.kind == "approved")\` |
| cheapest   | money    | no       |         | computed \`min(Quote, q, q.amount, ${mine})\` |
| rates      | decimal  | no       |         | computed \`sum(Quote, q, q.rate, ${mine})\` |
| lowRate    | decimal  | no       |         | computed \`min(Quote, q, q.rate, ${mine})\` |
| highRate   | decimal  | no       |         | computed \`max(Quote, q, q.rate, ${mine})\` |
| meanRate   | decimal  | no       |         | computed \`avg(Quote, q, q.rate, ${mine})\` |
| hours      | integer  | no       |         | computed \`sum(Quote, q, q.hours, ${mine})\` |
| meanHours  | decimal  | no       |         | computed \`avg(Quote, q, q.hours, ${mine})\` |
| firstDue   | date     | no       |         | computed \`min(Quote, q, q.due, ${mine})\` |
| lastAt     | datetime | no       |         | computed \`max(Quote, q, q.at, ${mine})\` |
| firstLabel | text     | no       |         | computed \`min(Quote, q, q.label, ${mine})\` |
| lastLabel  | text     | no       |         | computed \`max(Quote, q, q.label, ${mine})\` |

### Quote

| Field   | Type                     | Required | Default | Rules |
| ------- | ------------------------ | -------- | ------- | ----- |
| request | → Request                | yes      |         |       |
| kind    | one of approved, draft   | yes      | draft   |       |
| amount  | money                    | yes      |         |       |
| rate    | decimal                  | no       |         |       |
| hours   | integer                  | no       |         |       |
| due     | date                     | no       |         |       |
| at      | datetime                 | no       |         |       |
| label   | text                     | no       |         |       |
`,
});

const parsed = parseSpec(SPEC);

// Decimals a double cannot hold (0.1, 18 significant digits), amounts beyond 2^53 cents.
const decimalNumber = fc
  .tuple(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 9 }))
  .map(([units, scale]) => decimalText({ units, scale }));
const rate = fc.oneof(decimalNumber, fc.constantFrom('0.1', '0.2', '-0.3', '1', '0'));
const cents = fc.oneof(
  fc.bigInt({ min: -5_000n, max: 5_000n }),
  fc.bigInt({ min: -(2n ** 58n), max: 2n ** 58n }),
);
const nullable = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null, freq: 4 });
const day = fc.integer({ min: 0, max: 20_000 }).map((n) => new Date(n * 86_400_000));
const quoteOf = fc.record({
  kind: fc.constantFrom('approved', 'draft'),
  amount: cents,
  rate: nullable(rate),
  hours: nullable(fc.integer({ min: -1_000_000, max: 1_000_000 })),
  due: nullable(day.map((d) => d.toISOString().slice(0, 10))),
  at: nullable(
    fc.integer({ min: 0, max: 4_000_000_000_000 }).map((ms) => new Date(ms).toISOString()),
  ),
  label: nullable(fc.constantFrom('apple', 'Apple', 'Zoë', 'éclair', 'b', 'a b', 'Ω')),
});
type Quote = {
  kind: string;
  amount: bigint;
  rate: string | null;
  hours: number | null;
  due: string | null;
  at: string | null;
  label: string | null;
};

const exact = (text: string): Decimal => toDecimal(text)!;
const sumOf = (values: Decimal[]) =>
  values.reduce((a, b) => decimalArithmetic('+', a, b)!, { units: 0n, scale: 0 });
const textOf = (d: Decimal | null) => (d === null ? null : decimalText(d));
const extreme = <T>(values: T[], less: (a: T, b: T) => boolean, want: 'min' | 'max') =>
  values.length === 0
    ? null
    : values.reduce((a, b) => ((want === 'min' ? less(b, a) : less(a, b)) ? b : a));
const average = (values: Decimal[]) =>
  values.length === 0
    ? null
    : decimalArithmetic('/', sumOf(values), { units: BigInt(values.length), scale: 0 })!;
// Strings by code point, as the language orders them (the labels hold no surrogate pairs).
const byCodePoint = (a: string, b: string) => a < b;

/** What the request's computed values must be, by exact arithmetic on its quotes. */
function expected(quotes: Quote[]) {
  const present = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);
  const rates = present(quotes.map((q) => q.rate)).map(exact);
  const hours = present(quotes.map((q) => q.hours)).map((h) => exact(String(h)));
  const amounts = quotes.map((q) => q.amount);
  const euros = (units: bigint | null) => (units === null ? null : fromMinorUnits(units, 2));
  const less = (a: Decimal, b: Decimal) => compareDecimal(a, b) < 0;
  return {
    approved: euros(quotes.filter((q) => q.kind === 'approved').reduce((a, q) => a + q.amount, 0n)),
    cheapest: euros(extreme(amounts, (a, b) => a < b, 'min')),
    rates: textOf(sumOf(rates)),
    lowRate: textOf(extreme(rates, less, 'min')),
    highRate: textOf(extreme(rates, less, 'max')),
    meanRate: textOf(average(rates)),
    hours: hours.reduce((a, h) => a + Number(h.units), 0),
    meanHours: textOf(average(hours)),
    firstDue: extreme(present(quotes.map((q) => q.due)), byCodePoint, 'min'),
    lastAt: extreme(present(quotes.map((q) => q.at)), byCodePoint, 'max'),
    firstLabel: extreme(present(quotes.map((q) => q.label)), byCodePoint, 'min'),
    lastLabel: extreme(present(quotes.map((q) => q.label)), byCodePoint, 'max'),
  };
}

/** Each computed value as evaluate() works it out, in the form the API answers it. */
function interpreted(id: string, records: Record<string, unknown>[], fields: string[]) {
  const model = parsed.model!;
  const request = model.entities.find((e) => e.name === 'Request')!;
  const count = (entity: string, test: (record: unknown) => boolean) =>
    (entity === 'Quote' ? records : []).filter(test).length;
  const wire = (value: unknown) =>
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object' && value !== null && 'amount' in value
        ? value.amount
        : (value ?? null);
  return Object.fromEntries(
    fields.map((name) => {
      const rule = request.fields.find((f) => f.name === name)!.rules[0]!;
      const source = rule.kind === 'computed' ? rule.expression.source : '';
      const value = evaluate(
        source,
        model,
        { record: { id, title: 'Roof' }, count },
        { entity: 'Request' },
      );
      return [name, wire(value)];
    }),
  );
}

describe('a specification with aggregates', () => {
  it('checks clean', () => {
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'aggregates worked out in SQL', (databases) => {
    const h = useHttpHarness(databases, parsed.model!, {});
    let ana: Actor;

    const post = async (entity: string, body: Record<string, unknown>) => {
      const call = h.call('create', entity)!;
      const response = await h.send({ method: 'POST', url: call.path, body, actor: ana });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Record<string, unknown> & { id: string }>();
    };

    it('answers every aggregate exactly as arithmetic on the quotes does', async () => {
      ana = await h.actor();
      await fc.assert(
        fc.asyncProperty(fc.array(quoteOf, { maxLength: 5 }), async (quotes) => {
          const request = await post('Request', { title: 'Roof' });
          for (const q of quotes)
            await post('Quote', { ...q, request: request.id, amount: fromMinorUnits(q.amount, 2) });
          const call = h.call('get', 'Request')!;
          const response = await h.send({ url: h.path(call, request.id), actor: ana });
          expect(response.statusCode, response.body).toBe(200);
          const got = response.json<Record<string, unknown>>();
          const want = expected(quotes);
          const read = Object.fromEntries(Object.keys(want).map((k) => [k, got[k] ?? null]));
          expect(read).toEqual(want);
          // evaluate(), the language's reference, works out the same from the quotes themselves.
          const records = quotes.map((q, i) => ({
            ...q,
            id: `q${i}`,
            request: request.id,
            amount: fromMinorUnits(q.amount, 2),
          }));
          expect(interpreted(request.id, records, Object.keys(want))).toEqual(want);
          // A filtered list runs on SQLite's read worker, with its own copy of the aggregates.
          const list = h.call('list', 'Request')!;
          const filter = encodeURIComponent(`record.id == "${request.id}"`);
          const listed = await h.send({ url: `${list.path}?filter=${filter}`, actor: ana });
          const [item] = listed.json<{ items: Record<string, unknown>[] }>().items;
          expect(Object.fromEntries(Object.keys(want).map((k) => [k, item?.[k] ?? null]))).toEqual(
            want,
          );
        }),
        { numRuns: 25 },
      );
    }, 120_000);

    it('answers a sum of nothing as 0 and the others as null', async () => {
      const request = await post('Request', { title: 'Empty' });
      expect(request).toMatchObject({ approved: '0.00', rates: '0', hours: 0 });
      for (const field of ['cheapest', 'lowRate', 'meanRate', 'meanHours', 'firstDue', 'lastAt'])
        expect(request[field] ?? null, field).toBeNull();
    });
  });
}
