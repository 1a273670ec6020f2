import { describe, expect, it } from 'vitest';
import type { ExprScope } from '../scope.js';
import { helpdesk, library } from '../test-support/example-models.js';
import { analyseExpression } from './analyse-expression.js';

const pins = (source: string, model = helpdesk, scope: ExprScope = { entity: 'Ticket' }) =>
  analyseExpression(source, model, scope).counts.map((c) =>
    c.pin ? { counted: c.entity, pin: c.pin } : { counted: c.entity },
  );

describe('the pins of counts', () => {
  it("pins a count on the field its condition holds equal to the user's id", () => {
    const source =
      'count(Ticket, t, t.customer == user.id && t.status != "closed") < MAX_OPEN_TICKETS';
    expect(pins(source)).toEqual([
      { counted: 'Ticket', pin: { field: 'customer', from: { root: 'user', field: 'id' } } },
    ]);
  });

  it('reads the equality either way round, and the record being written', () => {
    const source = 'count(Loan, l, l.status == "ready" && record.book == l.book) == 0';
    expect(pins(source, library, { entity: 'Loan', hasOld: true })).toEqual([
      { counted: 'Loan', pin: { field: 'book', from: { root: 'record', field: 'book' } } },
    ]);
    const old = 'count(Loan, l, old.member == l.member) == 0';
    expect(pins(old, library, { entity: 'Loan', hasOld: true })).toEqual([
      { counted: 'Loan', pin: { field: 'member', from: { root: 'old', field: 'member' } } },
    ]);
  });

  it('leaves unpinned a count whose condition reads through a reference or pins nothing', () => {
    const through = 'count(Fine, f, f.loan.member == record.member && f.status == "unpaid") == 0';
    expect(pins(through, library, { entity: 'Loan' })).toEqual([{ counted: 'Fine' }]);
    expect(pins('count(Ticket, t, t.status == "open") < 100')).toEqual([{ counted: 'Ticket' }]);
  });

  it('does not pin on an `||` or on a value not known before counting', () => {
    expect(pins('count(Ticket, t, t.customer == user.id || t.status == "open") < 5')).toEqual([
      { counted: 'Ticket' },
    ]);
    expect(pins('count(Ticket, t, t.customer == t.createdBy) < 5')).toEqual([
      { counted: 'Ticket' },
    ]);
    // `record` here is the count's own variable, not the record being written.
    expect(pins('count(Ticket, record, record.customer == record.assignee) < 5')).toEqual([
      { counted: 'Ticket' },
    ]);
  });

  it('pins only fields whose equal values share one text', () => {
    const money = 'count(Fine, f, f.amount == record.amount) == 0';
    expect(pins(money, library, { entity: 'Fine' })).toEqual([{ counted: 'Fine' }]);
    const first = 'count(Fine, f, f.amount == record.amount && f.loan == record.loan) == 0';
    expect(pins(first, library, { entity: 'Fine' })).toEqual([
      { counted: 'Fine', pin: { field: 'loan', from: { root: 'record', field: 'loan' } } },
    ]);
  });

  it('finds every count of an expression', () => {
    const source =
      'count(Ticket, t, t.customer == user.id) < 5 && count(Ticket, t, t.product == record.product) < 9';
    expect(pins(source).map((p) => p.pin?.field)).toEqual(['customer', 'product']);
  });
});
