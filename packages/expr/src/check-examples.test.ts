import { describe, expect, it } from 'vitest';
import { checkExpression } from './check-expression.js';
import type { ExprScope } from './scope.js';
import { expenses, helpdesk } from './test-support/example-models.js';

const ticket: ExprScope = { entity: 'Ticket' };
const ticketTransition: ExprScope = { entity: 'Ticket', hasOld: true, hasInput: true };
const claim: ExprScope = { entity: 'Claim' };
const claimTransition: ExprScope = { entity: 'Claim', hasOld: true, hasInput: true };

const HELPDESK: [string, ExprScope, string][] = [
  ['record.status != "closed"', ticket, 'bool'],
  ['user.id', ticket, 'string'],
  ['input.assignee != null', ticketTransition, 'bool'],
  ['input.assignee', ticketTransition, 'dyn'],
  ['record.assignee == user.id', ticketTransition, 'bool'],
  ['now', ticketTransition, 'timestamp'],
  ['now - record.resolvedAt < duration(REOPEN_WINDOW)', ticketTransition, 'bool'],
  ['null', ticketTransition, 'null'],
  [
    'count(Ticket, t, t.customer == user.id && t.status != "closed") < MAX_OPEN_TICKETS',
    ticket,
    'bool',
  ],
  ['record.priority != "high" || size(record.body) >= MIN_HIGH_PRIORITY_BODY', ticket, 'bool'],
  ['record.ticket.status != "closed"', { entity: 'Comment' }, 'bool'],
  ['record.customer == user.id', ticket, 'bool'],
  ['record.customer == user.id && record.status == "open"', ticket, 'bool'],
  ['record.ticket.customer == user.id', { entity: 'Comment' }, 'bool'],
  ['record.active', { entity: 'Product' }, 'bool'],
];

const EXPENSES: [string, ExprScope, string][] = [
  ['record.claimant == user.id', claim, 'bool'],
  ['record.status == "submitted"', claim, 'bool'],
  ['record.status == "approved"', claim, 'bool'],
  ['user.id', claim, 'string'],
  ['record.amount <= MAX_CLAIM || record.receipt != null', claimTransition, 'bool'],
  ['record.claimant.manager == user.id', claimTransition, 'bool'],
  ['record.claimant.manager == user.id && size(input.reason) >= 5', claimTransition, 'bool'],
  ['record.claimant.iban != null', claimTransition, 'bool'],
  ['input.reason', claimTransition, 'dyn'],
  ['record.spentOn <= today()', claim, 'bool'],
  ['today() - record.spentOn <= duration(CLAIM_WINDOW)', claim, 'bool'],
  ['record.amount <= MAX_SINGLE_CLAIM', claim, 'bool'],
  ['record.claimant == user.id && record.status == "draft"', claim, 'bool'],
  ['record.status in ["approved", "paid"]', claim, 'bool'],
  ['record.amount >= 0.01', claim, 'bool'],
];

describe('the expressions of the example specifications', () => {
  it.each(HELPDESK)('types helpdesk`s %s', (source, scope, type) => {
    expect(checkExpression(source, helpdesk, scope)).toMatchObject({ issues: [], type });
  });

  it.each(EXPENSES)('types expenses`s %s', (source, scope, type) => {
    expect(checkExpression(source, expenses, scope)).toMatchObject({ issues: [], type });
  });
});
