import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExpressionAnalysis } from './analysis-types.js';
import { expenses, helpdesk } from '../test-support/example-models.js';
import { analyseExpression } from './analyse-expression.js';

const TOKENS = [
  'record',
  'old',
  'user',
  'input',
  't',
  '.',
  'title',
  'status',
  'customer',
  'claimant',
  'manager',
  'id',
  '(',
  ')',
  '[',
  ']',
  ',',
  '?',
  ':',
  '==',
  '&&',
  '||',
  '!',
  '"a && b"',
  'r"\\"',
  '//',
  '\n',
  '"',
  'count(Ticket, t, ',
  'count',
  'Ticket',
  'exists(x, ',
  'has(',
  '1',
  'true',
];

function expectWellFormed(source: string, analysis: ExpressionAnalysis): void {
  for (const part of analysis.conjuncts)
    expect(source.slice(part.offset, part.offset + part.source.length)).toBe(part.source);
  for (const at of [...analysis.reads, ...analysis.counts]) {
    expect(at.offset).toBeGreaterThanOrEqual(0);
    expect(at.offset).toBeLessThan(source.length);
  }
  expect(analysis.depth).toBeLessThanOrEqual(analysis.size.nesting);
}

describe('analyseExpression on any input', () => {
  it('never throws, and its conjuncts and offsets point into the source', () => {
    const soup = fc
      .array(fc.constantFrom(...TOKENS), { maxLength: 40 })
      .chain((tokens) => fc.boolean().map((spaced) => tokens.join(spaced ? ' ' : '')));
    fc.assert(
      fc.property(soup, fc.boolean(), (source, onExpenses) => {
        const analysis = onExpenses
          ? analyseExpression(source, expenses, { entity: 'Claim', hasInput: true, hasOld: true })
          : analyseExpression(source, helpdesk, { entity: 'Ticket', variables: { t: 'Ticket' } });
        expectWellFormed(source, analysis);
      }),
      { numRuns: 1000 },
    );
  });

  it('survives huge and deeply nested input', () => {
    for (const source of [
      '('.repeat(50_000),
      'a + '.repeat(20_000) + 'a',
      '!'.repeat(100_000) + 'true',
      'record.title == "x" && '.repeat(2_000) + 'true',
    ]) {
      expectWellFormed(source, analyseExpression(source, helpdesk, { entity: 'Ticket' }));
    }
  });
});
