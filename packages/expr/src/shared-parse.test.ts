import { describe, expect, it } from 'vitest';
import { checkExpression } from './check-expression.js';
import { evaluate } from './evaluate.js';
import { helpdesk } from './test-support/example-models.js';

// Parsed trees are cached and shared by source text; evaluating must never change them.
describe('a parsed expression shared between uses', () => {
  const source = 'record.priority == "high" && size(record.title) >= 3';
  const scope = { entity: 'Ticket' };

  it('evaluates the same way every time', () => {
    const record = { priority: 'high', title: 'Printer' };
    for (let i = 0; i < 3; i++) {
      expect(evaluate(source, helpdesk, { record }, scope)).toBe(true);
    }
  });

  it('still type-checks cleanly after being evaluated', () => {
    evaluate(source, helpdesk, { record: { priority: 'low', title: 'x' } }, scope);
    expect(checkExpression(source, helpdesk, scope)).toMatchObject({ type: 'bool', issues: [] });
  });
});
