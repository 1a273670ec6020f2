import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkExpression, type CheckResult } from './check-expression.js';
import { expenses, helpdesk } from './test-support/example-models.js';

const TOKENS = [
  'record',
  'old',
  'user',
  'input',
  'now',
  'today()',
  't',
  'x',
  '.',
  'title',
  'titel',
  'status',
  'amount',
  'claimant',
  'manager',
  'id',
  'roles',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '?',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  'in',
  '"open"',
  '"clsed"',
  "'x'",
  '"',
  "'",
  '\\',
  '1',
  '2.5',
  '-3',
  '5u',
  'null',
  'true',
  'count',
  'Ticket',
  'Claim',
  'size',
  'duration',
  '"72h"',
  '"9 x"',
  'has',
  'exists',
  'map',
  'all',
  'MAX_OPEN_TICKETS',
  'MAX_CLAIM',
  'CLAIM_WINDOW',
  '\n',
  ' ',
  'é',
  '😀',
];

function expectWellFormed(source: string, result: CheckResult): void {
  for (const issue of result.issues) {
    expect(issue.offset).toBeGreaterThanOrEqual(0);
    expect(issue.offset).toBeLessThanOrEqual(source.length);
    expect(issue.offset + (issue.length ?? 0)).toBeLessThanOrEqual(source.length);
    expect(typeof issue.code).toBe('string');
  }
}

describe('checkExpression on any input', () => {
  it('never throws and keeps offsets inside the source, for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (source) => {
        expectWellFormed(
          source,
          checkExpression(source, helpdesk, { entity: 'Ticket', hasOld: true }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('never throws and keeps offsets inside the source, for strings of CEL tokens', () => {
    const soup = fc
      .array(fc.constantFrom(...TOKENS), { maxLength: 40 })
      .chain((tokens) => fc.boolean().map((spaced) => tokens.join(spaced ? ' ' : '')));
    fc.assert(
      fc.property(soup, fc.boolean(), (source, onExpenses) => {
        const result = onExpenses
          ? checkExpression(source, expenses, { entity: 'Claim', hasInput: true, hasOld: true })
          : checkExpression(source, helpdesk, { entity: 'Ticket', variables: { t: 'Ticket' } });
        expectWellFormed(source, result);
      }),
      { numRuns: 2000 },
    );
  });

  it('survives huge and deeply nested input', () => {
    for (const source of [
      '('.repeat(50_000),
      'a + '.repeat(20_000) + 'a',
      '!'.repeat(100_000) + 'true',
      'x'.repeat(200_000),
    ]) {
      expectWellFormed(source, checkExpression(source, helpdesk, { entity: 'Ticket' }));
    }
  });

  it('never throws on a model with unexpected holes', () => {
    const broken = {
      ...helpdesk,
      entities: [{ name: 'Ticket' }],
      lifecycles: [],
    } as unknown as typeof helpdesk;
    expectWellFormed(
      'record.x == 1',
      checkExpression('record.x == 1', broken, { entity: 'Ticket' }),
    );
  });
});
