import { describe, expect, it } from 'vitest';
import { analyseExpression } from './analysis/analyse-expression.js';
import { checkExpression } from './check-expression.js';
import { evaluate } from './evaluate.js';
import { compileToJs } from './js/compile-to-js.js';
import type { ExprScope } from './scope.js';
import { at, expectIssue } from './test-support/expect-issue.js';
import { appModel, builtinFields, entity, field } from './test-support/model-builder.js';

const model = appModel({
  entities: [
    entity('Request', 'Requests', [...builtinFields(), field('title', { kind: 'text' })]),
    entity('Quote', 'Quotes', [
      ...builtinFields(),
      field('request', { kind: 'reference', entity: 'Request' }),
      field('amount', { kind: 'money', currency: 'EUR' }),
      field('rate', { kind: 'decimal' }),
      field('hours', { kind: 'integer' }),
      field('due', { kind: 'date' }),
      field('label', { kind: 'text' }),
      field('kind', { kind: 'enum', values: ['labour', 'parts'] }),
      field('approved', { kind: 'boolean' }),
    ]),
  ],
});
const request: ExprScope = { entity: 'Request' };
const mine = 'q.request == record.id';

const typeOf = (source: string) => {
  const result = checkExpression(source, model, request);
  expect(result.issues).toEqual([]);
  return result.type;
};

describe('aggregates', () => {
  it('keep the type of what they sum; an average is a decimal', () => {
    expect(typeOf(`sum(Quote, q, q.amount, ${mine})`)).toBe('money');
    expect(typeOf(`sum(Quote, q, q.rate, ${mine})`)).toBe('double');
    expect(typeOf(`sum(Quote, q, q.hours, ${mine})`)).toBe('int');
    expect(typeOf(`sum(Quote, q, hours(q.hours), ${mine})`)).toBe('duration');
    expect(typeOf(`avg(Quote, q, q.hours, ${mine})`)).toBe('double');
    expect(typeOf(`avg(Quote, q, q.rate, ${mine})`)).toBe('double');
    expect(typeOf(`min(Quote, q, q.due, ${mine})`)).toBe('date');
    expect(typeOf(`max(Quote, q, q.createdAt, ${mine})`)).toBe('timestamp');
    expect(typeOf(`max(Quote, q, q.label, ${mine})`)).toBe('string');
    expect(typeOf(`min(Quote, q, q.amount, ${mine})`)).toBe('money');
  });

  it('are usable wherever a value of their type is', () => {
    expect(typeOf(`sum(Quote, q, q.amount, ${mine} && q.approved) > 100`)).toBe('bool');
    expect(typeOf(`max(Quote, q, q.due, ${mine}) == null`)).toBe('bool');
  });

  it('refuse a value they do not take, at the value', () => {
    const source = `avg(Quote, q, q.amount, ${mine})`;
    expectIssue(source, model, request, { code: 'type-mismatch', offset: at(source, 'q.amount') });
    const text = `sum(Quote, q, q.label, ${mine})`;
    expectIssue(text, model, request, { code: 'type-mismatch', offset: at(text, 'q.label') });
    const choice = `max(Quote, q, q.kind, ${mine})`;
    expectIssue(choice, model, request, { code: 'type-mismatch', offset: at(choice, 'q.kind') });
  });

  it('refuse a condition that is not a bool, at the condition', () => {
    const source = 'sum(Quote, q, q.hours, q.label)';
    expectIssue(source, model, request, { code: 'type-mismatch', offset: at(source, 'q.label') });
  });

  it('refuse the wrong number of arguments at their name', () => {
    const source = `1 + max(Quote, q, ${mine})`;
    expectIssue(source, model, request, { code: 'type-mismatch', offset: at(source, 'max') });
  });

  it('refuse an unknown entity with a did-you-mean', () => {
    const source = `sum(Qoute, q, q.hours, true)`;
    const { issues } = checkExpression(source, model, request);
    expect(issues[0]).toMatchObject({
      code: 'unknown-entity',
      offset: at(source, 'Qoute'),
      hint: 'did you mean `Quote`?',
    });
  });

  it('are counts to the analysis, with their pin', () => {
    const source = `sum(Quote, q, q.hours, q.request == record.id) + count(Quote, q, true)`;
    const analysis = analyseExpression(source, model, request);
    expect(analysis.counts).toEqual([
      {
        entity: 'Quote',
        variable: 'q',
        offset: 0,
        aggregate: 'sum',
        pin: { field: 'request', from: { root: 'record', field: 'id' } },
      },
      { entity: 'Quote', variable: 'q', offset: at(source, 'count') },
    ]);
    expect(analysis.names).toEqual(new Set(['record']));
    expect(analysis.functions.get('sum')).toBe(1);
  });

  it('are left to the database by compiled JavaScript', () => {
    const compiled = compileToJs(`sum(Quote, q, q.hours, ${mine}) > 3`, model, request);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.issues[0]?.code).toBe('not-compilable');
  });
});

describe('aggregates evaluated', () => {
  const quotes = [
    {
      id: 'q1',
      request: 'r1',
      amount: '10.50',
      rate: '0.1',
      hours: 3,
      due: '2025-03-01',
      label: 'b',
    },
    {
      id: 'q2',
      request: 'r1',
      amount: '2.25',
      rate: '0.2',
      hours: null,
      due: '2025-01-31',
      label: 'Z',
    },
    {
      id: 'q3',
      request: 'r2',
      amount: '99.00',
      rate: '5',
      hours: 8,
      due: '2024-12-31',
      label: 'a',
    },
  ];
  const count = (entity: string, test: (record: unknown) => boolean) =>
    (entity === 'Quote' ? quotes : []).filter(test).length;
  const run = (source: string, id = 'r1') =>
    evaluate(source, model, { record: { id, title: 'Roof' }, count }, request);

  it('work out what the database does, empty values left out', () => {
    expect(run(`sum(Quote, q, q.amount, ${mine})`)).toEqual({ amount: '12.75', currency: 'EUR' });
    expect(run(`sum(Quote, q, q.rate, ${mine})`)).toBe('0.3');
    expect(run(`sum(Quote, q, q.hours, ${mine})`)).toBe(3);
    expect(run(`avg(Quote, q, q.hours, ${mine})`)).toBe('3');
    expect(run(`avg(Quote, q, q.rate, ${mine})`)).toBe('0.15');
    expect(run(`min(Quote, q, q.due, ${mine})`)).toBe('2025-01-31');
    expect(run(`max(Quote, q, q.label, ${mine})`)).toBe('b');
    expect(run(`sum(Quote, q, hours(q.hours), q.hours != null) == duration("11h")`)).toBe(true);
  });

  it('sum nothing to 0 of its type, and find no least, greatest or average', () => {
    expect(run(`sum(Quote, q, q.amount, ${mine})`, 'none')).toEqual({
      amount: '0.00',
      currency: 'EUR',
    });
    expect(run(`sum(Quote, q, q.rate, ${mine})`, 'none')).toBe('0');
    expect(run(`max(Quote, q, q.due, ${mine})`, 'none')).toBeNull();
    expect(run(`avg(Quote, q, q.hours, ${mine}) == null`, 'none')).toBe(true);
  });
});
