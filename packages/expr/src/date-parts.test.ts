import { describe, expect, it } from 'vitest';
import { checkExpression } from './check-expression.js';
import { evaluate } from './evaluate.js';
import { at, expectIssue } from './test-support/expect-issue.js';
import { appModel, builtinFields, entity, field } from './test-support/model-builder.js';

const fields = [
  ...builtinFields(),
  field('year', { kind: 'integer' }),
  field('month', { kind: 'integer' }),
  field('day', { kind: 'date' }),
];
const model = appModel({ entities: [entity('Slot', 'Slots', fields)] });
const paris = { ...model, properties: { ...model.properties, timeZone: 'Europe/Paris' } };
const slot = { entity: 'Slot' };
const record = { id: 's1', year: 2024, month: 2, day: '2025-03-30' };
const run = (source: string, m = model) => evaluate(source, m, { record }, slot);

describe('dates and instants from their parts', () => {
  it('type date(y, m, d) as a date and timestamp(date, h, m) as an instant', () => {
    expect(checkExpression('date(2025, 1, 31)', model, slot).type).toBe('date');
    expect(checkExpression('timestamp(record.day, 9, 30)', model, slot).type).toBe('timestamp');
    expect(checkExpression('date(2025, 1, 31) < today()', model, slot).issues).toEqual([]);
  });

  it('make the date of a record`s parts, leap days included', () => {
    expect(run('date(record.year, record.month, 29)')).toBe('2024-02-29');
    expect(run('date(2025, 12, 31) - date(2025, 1, 1) == duration("8736h")')).toBe(true);
  });

  it('cannot evaluate a date that does not exist', () => {
    expect(() => run('date(record.year + 1, record.month, 29)')).toThrow(/no date 2025-2-29/);
    expect(() => run('date(2025, record.month + 11, 1)')).toThrow(/no date/);
  });

  it('read an hour and a minute on the application`s wall clock', () => {
    expect(run('timestamp(record.day, 9, 30)')).toEqual(new Date('2025-03-30T09:30:00.000Z'));
    // Paris moves its clocks from 2:00 to 3:00 that day: 9:30 is UTC+2, 1:30 still UTC+1.
    expect(run('timestamp(record.day, 9, 30)', paris)).toEqual(new Date('2025-03-30T07:30:00Z'));
    expect(run('timestamp(record.day, 1, 30)', paris)).toEqual(new Date('2025-03-30T00:30:00Z'));
    expect(() => run('timestamp(record.day, record.month * 12, 0)')).toThrow(/not a time/);
  });

  it('report literal parts that make no date or time, at the call', () => {
    const source = 'record.day > date(2025, 2, 29)';
    expectIssue(source, model, slot, { code: 'invalid-date', offset: at(source, 'date(') });
    const time = 'now > timestamp(record.day, 24, 0)';
    expectIssue(time, model, slot, { code: 'invalid-date', offset: at(time, 'timestamp(') });
  });

  it('refuse parts that are not integers', () => {
    const source = 'date(2025, "1", 31)';
    expectIssue(source, model, slot, { code: 'type-mismatch', offset: 0 });
  });
});
