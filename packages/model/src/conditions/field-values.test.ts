import { describe, expect, it } from 'vitest';
import { appModel, permission } from '../test-support/model-parts.js';
import {
  CALLER_VALUE,
  EMPTY_VALUE,
  conditionValues,
  holdsValue,
  readableValues,
  type ValueSet,
} from './field-values.js';

const STATES = ['draft', 'open', 'closed', 'cancelled'];
/** The states of STATES the set keeps. */
const kept = (set: ValueSet) => STATES.filter((s) => holdsValue(set, s));
const status = (source: string) => kept(conditionValues(source, 'status'));

describe('conditionValues', () => {
  it('reads equalities, inequalities and lists of values, either way round', () => {
    expect(status('record.status == "open"')).toEqual(['open']);
    expect(status('"open" == record.status')).toEqual(['open']);
    expect(status("record.status != 'draft'")).toEqual(['open', 'closed', 'cancelled']);
    expect(status('record.status in ["open", "closed"]')).toEqual(['open', 'closed']);
    expect(status('!(record.status in ["open", "closed"])')).toEqual(['draft', 'cancelled']);
  });

  it('joins && as both, || as either, and reads ! of what it read exactly', () => {
    expect(status('record.status != "draft" && record.status != "cancelled"')).toEqual([
      'open',
      'closed',
    ]);
    expect(status('record.status == "open" || record.status == "closed"')).toEqual([
      'open',
      'closed',
    ]);
    expect(status('!(record.status == "open" || record.status == "closed")')).toEqual([
      'draft',
      'cancelled',
    ]);
    expect(status('(record.status == "open") && record.startsAt > now')).toEqual(['open']);
  });

  it('never leaves out a value the condition could keep', () => {
    // The other side of || may hold whatever the status.
    expect(status('record.status == "open" || record.priority == "high"')).toEqual(STATES);
    // Not exact inside: its negation could hold for an open record with a low priority.
    expect(status('!(record.status == "open" && record.priority == "high")')).toEqual(STATES);
    expect(status('record.title.contains("open")')).toEqual(STATES);
    expect(status('record.status > "a"')).toEqual(STATES);
    expect(status('record.event.status == "open"')).toEqual(STATES);
    expect(status('record.status == "open" ? true : false')).toEqual(STATES);
    expect(status('record.title == "x" && ')).toEqual(STATES);
    expect(status('"unclosed')).toEqual(STATES);
  });

  it('reads empty values, the caller and booleans', () => {
    const assignee = (source: string) => conditionValues(source, 'assignee');
    expect(holdsValue(assignee('record.assignee == null'), EMPTY_VALUE)).toBe(true);
    expect(holdsValue(assignee('record.assignee == null'), CALLER_VALUE)).toBe(false);
    expect(holdsValue(assignee('record.assignee != null'), EMPTY_VALUE)).toBe(false);
    expect(holdsValue(assignee('record.assignee != null'), CALLER_VALUE)).toBe(true);
    expect(assignee('record.assignee == user.id')).toEqual({
      kind: 'only',
      values: new Set([CALLER_VALUE]),
    });
    const done = (source: string) =>
      ['true', 'false'].filter((v) => holdsValue(conditionValues(source, 'done'), v));
    expect(done('record.done')).toEqual(['true']);
    expect(done('!record.done')).toEqual(['false']);
    expect(done('record.done == false')).toEqual(['false']);
  });
});

describe('readableValues', () => {
  const when = (source: string) => ({
    kind: 'when' as const,
    condition: { source, line: 1, column: 1 },
  });
  const model = appModel({
    permissions: [
      permission('customer', 'Ticket', ['read'], when('record.status != "draft"')),
      permission('agent', 'Ticket', ['read'], when('record.status in ["open", "closed"]')),
      permission('agent', 'Ticket', ['read'], when('record.status == "draft"')),
      permission('admin', 'Ticket', ['read']),
    ],
  });
  const states = (roles: string[]) => kept(readableValues(model, roles, 'Ticket', 'status'));

  it('is the union of the rows of the caller’s roles', () => {
    expect(states(['customer'])).toEqual(['open', 'closed', 'cancelled']);
    expect(states(['agent'])).toEqual(['draft', 'open', 'closed']);
    expect(states(['agent', 'customer'])).toEqual(STATES);
    expect(states(['admin', 'agent'])).toEqual(STATES);
    expect(states(['visitor'])).toEqual([]);
  });
});
