import { describe, expect, it } from 'vitest';
import {
  conjunctsOf,
  inputConditionOf,
  inputConditions,
  inputGuardField,
} from './input-conditions.js';

const model = {
  constants: [
    {
      name: 'MIN_REASON',
      value: { kind: 'number' as const, value: 10 },
      meaning: '',
      engine: false,
    },
    {
      name: 'NOTICE',
      value: { kind: 'duration' as const, milliseconds: 1, source: '1h' },
      meaning: '',
      engine: false,
    },
  ],
};
const when = (source: string) => ({ when: { source, line: 1, column: 1 } });

describe('what a guard asks of an input on its own', () => {
  it('splits a guard at its top-level && only', () => {
    expect(conjunctsOf('size(input.reason) >= 5 && (record.a || "x && y" == input.b)')).toEqual([
      'size(input.reason) >= 5',
      'record.a || "x && y" == input.b',
    ]);
    expect(conjunctsOf('((input.x != null))')).toEqual(['input.x != null']);
  });

  it('reads lengths, presence and bounds, with constants', () => {
    expect(inputConditionOf('size(input.reason) >= 5', model)).toMatchObject({
      input: 'reason',
      required: true,
      rule: { kind: 'length', min: 5 },
    });
    expect(inputConditionOf('input.reason.size() > MIN_REASON', model)?.rule).toEqual({
      kind: 'length',
      min: 11,
    });
    expect(inputConditionOf('size(input.note) <= 200', model)).toMatchObject({
      required: false,
      rule: { kind: 'length', max: 200 },
    });
    expect(inputConditionOf('input.assignee != null', model)).toMatchObject({
      input: 'assignee',
      required: true,
    });
    expect(inputConditionOf('input.quantity >= 0', model)?.rule).toEqual({ kind: 'min', value: 0 });
  });

  it('says nothing of other shapes, or of parts that read more than the input', () => {
    for (const part of [
      'input.code.startsWith("P")',
      'input.quantity <= record.quantity + 2',
      'size(input.reason) >= NOTICE',
      'record.amount <= 5',
    ])
      expect(inputConditionOf(part, model), part).toBeUndefined();
  });

  it('gives each input a field to check, its type from the field a Sets copies it to', () => {
    const conditions = inputConditions(
      model,
      when('record.a > 0 && size(input.reason) >= MIN_REASON && input.grams <= 5000'),
    );
    expect(conditions.map((c) => c.input)).toEqual(['reason', 'grams']);
    expect(inputGuardField('reason', conditions)).toMatchObject({
      type: { kind: 'text' },
      required: true,
      rules: [{ kind: 'length', min: 10 }],
    });
    expect(inputGuardField('grams', conditions).type).toEqual({ kind: 'integer' });
    expect(inputGuardField('grams', conditions, { kind: 'decimal' }).type).toEqual({
      kind: 'decimal',
    });
  });
});
