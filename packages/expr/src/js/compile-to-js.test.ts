import { describe, expect, it } from 'vitest';
import { expenses, helpdesk } from '../test-support/example-models.js';
import { compileToJs } from './compile-to-js.js';

const now = new Date('2024-05-10T12:00:00Z');
const ticket = {
  id: 't1',
  customer: 'u1',
  assignee: null,
  status: 'resolved',
  priority: 'high',
  body: 'short',
  resolvedAt: '2024-05-09T12:00:00.000Z',
};
const customer = { id: 'u1', email: 'c@example.com', name: 'Cy', roles: ['customer'] };

function holds(source: string, values: object, model = helpdesk, entity = 'Ticket') {
  const result = compileToJs(source, model, { entity, hasOld: true });
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return result.holds({ now, ...values });
}

function refusal(source: string, model = expenses, entity = 'Claim') {
  const result = compileToJs(source, model, { entity, hasInput: true });
  return result.ok ? undefined : result.issues[0];
}

describe('compileToJs', () => {
  it('decides the helpdesk conditions on a loaded ticket', () => {
    expect(holds('record.customer == user.id', { record: ticket, user: customer })).toBe(true);
    expect(holds('record.customer == user.id', { record: ticket, user: null })).toBe(false);
    expect(holds('record.assignee == user.id', { record: ticket, user: customer })).toBe(false);
    const reopen = 'now - record.resolvedAt < duration(REOPEN_WINDOW)';
    expect(holds(reopen, { record: ticket })).toBe(true);
    const late = { ...ticket, resolvedAt: '2024-05-01T12:00:00.000Z' };
    expect(holds(reopen, { record: late })).toBe(false);
    expect(holds(reopen, { record: { ...ticket, resolvedAt: null } })).toBe(false);
    const detail = 'record.priority != "high" || size(record.body) >= MIN_HIGH_PRIORITY_BODY';
    expect(holds(detail, { record: ticket })).toBe(false);
  });

  it('makes durations from whole numbers of units, as evaluate() does', () => {
    const resolved = { record: ticket };
    expect(holds('now - record.resolvedAt == days(1)', resolved)).toBe(true);
    expect(holds('now - record.resolvedAt == hours(24)', resolved)).toBe(true);
    expect(holds('minutes(90) == duration("1h30m")', resolved)).toBe(true);
    expect(holds('weeks(1) == days(7)', resolved)).toBe(true);
    expect(
      holds('size(record.body) > 0 && hours(MIN_HIGH_PRIORITY_BODY) > days(1)', resolved),
    ).toBe(true);
  });

  it('reads money, dates and lists as the language does', () => {
    const claim = { id: 'c1', amount: '30.10', spentOn: '2024-05-01', status: 'submitted' };
    const on = (source: string, record: object = claim) =>
      holds(source, { record, user: customer }, expenses, 'Claim');
    expect(on('record.amount <= MAX_SINGLE_CLAIM')).toBe(true);
    expect(on('today() - record.spentOn <= duration(CLAIM_WINDOW)')).toBe(true);
    expect(on('record.status in ["approved", "paid"]')).toBe(false);
    expect(on('"customer" in user.roles')).toBe(true);
  });

  it('leaves to the database what needs more than the record and the user', () => {
    expect(refusal('record.claimant.manager == user.id')?.code).toBe('not-compilable');
    expect(refusal('size(input.reason) >= 5')?.code).toBe('not-compilable');
    const count = 'count(Claim, c, c.claimant == user.id) < 3';
    expect(refusal(count)?.code).toBe('not-compilable');
    expect(refusal('record.title.matches("^T")')?.code).toBe('not-compilable');
    expect(refusal('record.amount')?.code).toBe('not-compilable');
  });

  it('reports type errors as they are', () => {
    expect(refusal('record.titel == "x"')?.code).toBe('unknown-field');
  });
});
