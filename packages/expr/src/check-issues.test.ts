import { describe, expect, it } from 'vitest';
import { checkExpression } from './check-expression.js';
import type { ExprScope } from './scope.js';
import { at, expectIssue } from './test-support/expect-issue.js';
import { expenses, helpdesk } from './test-support/example-models.js';

const ticket: ExprScope = { entity: 'Ticket' };
const claim: ExprScope = { entity: 'Claim' };

describe('issues', () => {
  it('reports a syntax error at the offending character', () => {
    const source = 'record.title == ) && true';
    expectIssue(source, helpdesk, ticket, { code: 'expression-syntax', offset: at(source, ')') });
  });

  it('reports an unclosed string where it opens', () => {
    expectIssue('record.title == "x', helpdesk, ticket, { code: 'expression-syntax', offset: 16 });
  });

  it('reports an empty expression', () => {
    expectIssue('  ', helpdesk, ticket, { code: 'expression-syntax', offset: 0 });
  });

  it('reports an unknown name with a did-you-mean over the names in scope', () => {
    const source = 'record.customer == usr.id';
    expectIssue(source, helpdesk, ticket, {
      code: 'unknown-name',
      offset: at(source, 'usr'),
      hint: 'did you mean `user`?',
    });
  });

  it('suggests constants for a misspelt constant', () => {
    const source = 'size(record.body) >= MIN_HIGH_PRIORITY_BDY';
    const issue = expectIssue(source, helpdesk, ticket, {
      code: 'unknown-name',
      offset: at(source, 'MIN'),
    });
    expect(issue.hint).toBe('did you mean `MIN_HIGH_PRIORITY_BODY`?');
  });

  it('does not know `old` or `input` where the scope has none', () => {
    expectIssue('old.status == "open"', helpdesk, ticket, { code: 'unknown-name', offset: 0 });
    expectIssue('input.x != null', helpdesk, ticket, { code: 'unknown-name', offset: 0 });
  });

  it('reports an unknown field at the field name, with a did-you-mean over the entity`s fields', () => {
    expectIssue('record.titel == "x"', helpdesk, ticket, {
      code: 'unknown-field',
      offset: 7,
      hint: 'did you mean `title`?',
    });
  });

  it('reports an unknown field behind a reference', () => {
    const source = 'record.claimant.manger == user.id';
    expectIssue(source, expenses, claim, {
      code: 'unknown-field',
      offset: at(source, 'manger'),
      hint: 'did you mean `manager`?',
    });
  });

  it('reports an unknown entity in count()', () => {
    const source = 'count(Tiket, t, t.status == "open") < 5';
    expectIssue(source, helpdesk, ticket, {
      code: 'unknown-entity',
      offset: 6,
      hint: 'did you mean `Ticket`?',
    });
  });

  it('reports an unknown function and an unknown method at their names', () => {
    expectIssue('sise(record.body) > 3', helpdesk, ticket, {
      code: 'unknown-function',
      offset: 0,
      hint: 'did you mean `size`?',
    });
    const source = 'record.title.startWith("A")';
    expectIssue(source, helpdesk, ticket, {
      code: 'unknown-function',
      offset: at(source, 'startWith'),
    });
  });

  it('reports a literal that is not one of an enum`s values', () => {
    const source = 'record.priority == "urgent"';
    const issue = expectIssue(source, helpdesk, ticket, {
      code: 'unknown-enum-value',
      offset: at(source, '"urgent"'),
    });
    expect(issue.hint).toBe('expected one of: low, normal, high');
  });

  it('checks state literals against the lifecycle, on either side and inside `in`', () => {
    expectIssue('"closd" != record.status', helpdesk, ticket, {
      code: 'unknown-enum-value',
      offset: 0,
      hint: 'did you mean `closed`?',
    });
    const source = 'record.status in ["aproved", "paid"]';
    expectIssue(source, expenses, claim, {
      code: 'unknown-enum-value',
      offset: at(source, '"aproved"'),
      hint: 'did you mean `approved`?',
    });
  });

  it('reports comparing a string with an int at the operator, naming both types', () => {
    const source = 'record.title == 5';
    const issue = expectIssue(source, helpdesk, ticket, {
      code: 'type-mismatch',
      offset: at(source, '=='),
    });
    expect(issue.message).toContain('string');
    expect(issue.message).toContain('int');
  });

  it('reports adding incompatible types', () => {
    const source = 'record.amount + 1';
    expectIssue(source, expenses, claim, { code: 'type-mismatch', offset: at(source, '+') });
  });

  it('reports money of two currencies', () => {
    const model = {
      ...expenses,
      constants: [
        ...expenses.constants,
        {
          name: 'LIMIT_USD',
          value: { kind: 'money', amount: '10', currency: 'USD' },
          meaning: '',
          engine: false,
        } as const,
      ],
    };
    const source = 'record.amount < LIMIT_USD';
    expectIssue(source, model, claim, { code: 'type-mismatch', offset: at(source, '<') });
  });

  it('reports a non-bool operand of `&&` where the operand starts', () => {
    const source = 'record.active && record.name';
    expectIssue(
      source,
      helpdesk,
      { entity: 'Product' },
      { code: 'type-mismatch', offset: at(source, 'record', 2) },
    );
  });

  it('reports a duration that cannot be read', () => {
    const source = 'now - record.resolvedAt < duration("72 hours")';
    expectIssue(source, helpdesk, ticket, { code: 'invalid-duration', offset: at(source, '"72') });
  });

  it('reports a written pattern the linear-time engine cannot run, in either form of matches', () => {
    const method = 'record.title.matches("^(a+)\\\\1$")';
    expectIssue(method, helpdesk, ticket, { code: 'invalid-pattern', offset: at(method, '"^') });
    const global = 'matches(record.title, "(?=x)")';
    expectIssue(global, helpdesk, ticket, { code: 'invalid-pattern', offset: at(global, '"(') });
    expect(checkExpression('record.title.matches("^[A-Z]+$")', helpdesk, ticket).issues).toEqual(
      [],
    );
  });

  it('reports every problem of an expression together', () => {
    const { issues } = checkExpression('recrd.x == 1 && record.titel == "a"', helpdesk, ticket);
    expect(issues.map((i) => i.code)).toEqual(['unknown-name', 'unknown-field']);
  });
});
