import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate.js';
import type { ExprScope } from '../scope.js';
import { appModel, constant, entity, field, lifecycle } from '../test-support/model-builder.js';
import { compileToJs } from './compile-to-js.js';

// One entity with a field of every stored type, a user with fields of its own, and constants of
// every kind: the generated conditions below read all of them.
const ref = (name: string) => ({ kind: 'reference', entity: name }) as const;
const model = (timeZone?: string) =>
  appModel({
    properties: { currency: 'EUR', ...(timeZone ? { timeZone } : {}) },
    entities: [
      entity('User', 'users', [field('manager', ref('User')), field('iban', { kind: 'text' })]),
      entity('Item', 'items', [
        field('title', { kind: 'text' }, true),
        field('note', { kind: 'longText' }),
        field('count', { kind: 'integer' }),
        field('ratio', { kind: 'decimal' }),
        field('amount', { kind: 'money' }),
        field('active', { kind: 'boolean' }),
        field('due', { kind: 'date' }),
        field('at', { kind: 'datetime' }),
        field('size', { kind: 'enum', values: ['s', 'm', 'l'] }),
        field('owner', ref('User')),
        field('watchers', { kind: 'list', entity: 'User' }),
        field('status', { kind: 'state' }),
      ]),
    ],
    lifecycles: [lifecycle('Item', ['open', 'done'])],
    constants: [
      constant('LIMIT', { kind: 'number', value: 5 }),
      constant('RATE', { kind: 'number', value: 0.5 }),
      constant('LABEL', { kind: 'string', value: 'm' }),
      constant('ON', { kind: 'boolean', value: true }),
      constant('WINDOW', { kind: 'duration', milliseconds: 72 * 3_600_000, source: '72h' }),
      constant('CAP', { kind: 'money', amount: '25.00', currency: 'EUR' }),
    ],
  });
const SCOPE: ExprScope = { entity: 'Item', hasOld: true };

// Expressions by type, built from the fields, constants and operators of the language.
const leaf = (...options: string[]) => fc.constantFrom(...options);
const exprs = fc.letrec<Record<string, string>>((tie) => ({
  int: fc.oneof(
    { depthSize: 'small' },
    leaf('record.count', 'old.count', 'LIMIT', '0', '3', '-7', '9223372036854775807'),
    leaf('size(record.title)', 'size(record.watchers)', 'record.note.size()'),
    fc
      .tuple(tie('int'), fc.constantFrom('+', '-', '*', '/', '%'), tie('int'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
  ),
  double: fc.oneof(
    { depthSize: 'small' },
    leaf('record.ratio', 'RATE', '2.5', '0.0', '-1.25'),
    fc
      .tuple(tie('double'), fc.constantFrom('+', '-', '*', '/'), tie('double'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
  ),
  string: fc.oneof(
    { depthSize: 'small' },
    leaf('record.title', 'record.note', 'record.size', 'record.status', 'user.iban', 'LABEL'),
    leaf('"m"', '""', '"é🙂"', '"open"', 'user.id', 'record.id', 'user.name'),
    fc.tuple(tie('string'), tie('string')).map(([a, b]) => `(${a} + ${b})`),
  ),
  time: fc.oneof(
    { depthSize: 'small' },
    leaf('record.at', 'old.at', 'now', 'record.createdAt'),
    fc
      .tuple(tie('time'), fc.constantFrom('+', '-'), tie('duration'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
  ),
  duration: fc.oneof(
    { depthSize: 'small' },
    leaf('duration(WINDOW)', 'duration("1h")', 'duration("36h")', 'WINDOW'),
    fc.tuple(tie('time'), tie('time')).map(([a, b]) => `(${a} - ${b})`),
    fc.tuple(tie('date'), tie('date')).map(([a, b]) => `(${a} - ${b})`),
    fc.tuple(tie('duration')).map(([a]) => `(-${a})`),
  ),
  date: fc.oneof(
    { depthSize: 'small' },
    leaf('record.due', 'today()'),
    fc
      .tuple(tie('date'), fc.constantFrom('+', '-'), tie('duration'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
  ),
  money: fc.oneof(
    { depthSize: 'small' },
    leaf('record.amount', 'old.amount', 'CAP'),
    fc
      .tuple(tie('money'), fc.constantFrom('+', '-'), tie('money'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('money'), tie('int')).map(([a, b]) => `(${a} * ${b})`),
    fc.tuple(tie('money')).map(([a]) => `(-${a})`),
  ),
  ref: leaf('record.owner', 'user.manager', 'record.createdBy', 'user', 'record', 'old.owner'),
  compared: fc.oneof(
    ...(['int', 'double', 'string', 'time', 'duration', 'date', 'money'] as const).map((t) =>
      fc
        .tuple(tie(t), fc.constantFrom('==', '!=', '<', '<=', '>', '>='), tie(t))
        .map(([a, op, b]) => `${a} ${op} ${b}`),
    ),
    fc.tuple(tie('int'), fc.constantFrom('<', '>=', '=='), tie('double')).map((p) => p.join(' ')),
    fc.tuple(tie('money'), fc.constantFrom('<=', '>', '=='), tie('int')).map((p) => p.join(' ')),
    fc.tuple(tie('date'), fc.constantFrom('<', '>=', '=='), tie('time')).map((p) => p.join(' ')),
    fc.tuple(tie('ref'), fc.constantFrom('==', '!='), tie('ref')).map((p) => p.join(' ')),
    fc.tuple(tie('ref'), fc.constantFrom('==', '!='), tie('string')).map((p) => p.join(' ')),
  ),
  bool: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    leaf('record.active', 'ON', 'true', 'false'),
    tie('compared'),
    leaf('record.owner == null', 'record.due != null', 'null == record.amount', 'user == null'),
    leaf('record.status in ["open", "x"]', 'record.size in [LABEL, "l"]', 'record.count in [3, 5]'),
    leaf('user.id in record.watchers', '"admin" in user.roles', 'record.active in [true]'),
    leaf('record.title.contains("a")', 'record.note.startsWith("")', 'user.iban.endsWith("9")'),
    fc.tuple(tie('bool'), tie('bool')).map(([a, b]) => `(${a} && ${b})`),
    fc.tuple(tie('bool'), tie('bool')).map(([a, b]) => `(${a} || ${b})`),
    tie('bool').map((a) => `!(${a})`),
    fc.tuple(tie('bool'), tie('bool'), tie('bool')).map(([a, b, c]) => `(${a} ? ${b} : ${c})`),
    fc.tuple(tie('bool'), tie('int'), tie('int')).map(([a, b, c]) => `(${a} ? ${b} : ${c}) > 2`),
  ),
}));

// Stored values as the database hands them over: every type, null, and the awkward ones.
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const instant = fc
  .integer({ min: Date.UTC(2023, 11, 28), max: Date.UTC(2024, 2, 5) })
  .map((ms) => new Date(ms).toISOString());
const day = instant.map((iso) => iso.slice(0, 10));
const id = fc.constantFrom('u1', 'u2', 'u3');
const item = fc.record({
  id: fc.constantFrom('i1', 'i2'),
  title: fc.constantFrom('', 'a', 'm', 'open', 'é🙂', 'Printer jammed'),
  note: maybe(fc.constantFrom('', 'abc9', 'note')),
  count: maybe(
    fc.oneof(
      fc.bigInt({ min: -10n, max: 10n }),
      fc.integer({ min: -10, max: 10 }),
      fc.constantFrom(9223372036854775807n, -9223372036854775808n, '12'),
    ),
  ),
  ratio: maybe(fc.constantFrom(0, 0.5, -1.25, 2.5, 1e-7)),
  amount: maybe(fc.constantFrom('25.00', '0.10', '-3', '30.1', { amount: '25', currency: 'EUR' })),
  active: maybe(fc.boolean()),
  due: maybe(day),
  at: maybe(instant),
  size: maybe(fc.constantFrom('s', 'm', 'l')),
  owner: maybe(id),
  watchers: fc.array(id, { maxLength: 3 }),
  status: maybe(fc.constantFrom('open', 'done')),
  createdAt: instant,
  createdBy: maybe(id),
});
const user = maybe(
  fc.record({
    id,
    email: fc.constant('someone@example.com'),
    name: fc.constantFrom('Ada', 'm'),
    roles: fc.subarray(['admin', 'agent', 'customer']),
    manager: maybe(id),
    iban: maybe(fc.constantFrom('FR76', 'DE89')),
  }),
);
const now = instant.map((iso) => new Date(iso));

/** evaluate()'s answer, as every caller reads a condition: true, or it does not hold. */
function reference(source: string, m: ReturnType<typeof model>, values: object): boolean {
  try {
    return evaluate(source, m, values as Record<string, unknown>, SCOPE) === true;
  } catch {
    return false;
  }
}

describe('compileToJs answers as evaluate() does', () => {
  for (const zone of [undefined, 'Pacific/Kiritimati']) {
    it(`on generated conditions and records${zone ? ` (time zone ${zone})` : ''}`, () => {
      const m = model(zone);
      let compiled = 0;
      let held = 0;
      fc.assert(
        fc.property(exprs.bool!, item, item, user, now, (source, record, old, u, at) => {
          const result = compileToJs(source, m, SCOPE);
          if (!result.ok) return;
          compiled += 1;
          const values = { record, old, user: u, now: at };
          const expected = reference(source, m, values);
          if (expected) held += 1;
          expect(result.holds(values), source).toBe(expected);
        }),
        { numRuns: 3000 },
      );
      // The generator's conditions are all of the kind compiled here; a few type errors aside.
      expect(compiled).toBeGreaterThan(2000);
      // Both answers are common, so a compiler answering one of them always would fail.
      expect(held / compiled).toBeGreaterThan(0.2);
      expect(held / compiled).toBeLessThan(0.8);
    });
  }
});
