import { describe, expect, it } from 'vitest';
import type { AppModel } from '../app-model.js';
import type { Field, FieldRule, FieldType } from '../entity.js';
import { fieldLabel, fieldProblemMessage } from '../words/names-in-words.js';
import { checkFields, type CheckSettings } from './check-fields.js';
import { fieldCheck } from './field-check.js';

const settings: CheckSettings = { today: '2025-06-15', timeZone: 'UTC', roles: ['agent', 'admin'] };

/** What checkFields says is wrong with one value of a field, or undefined when nothing is. */
function reason(
  type: FieldType,
  value: unknown,
  rules: FieldRule[] = [],
  currency?: string,
): string | undefined {
  const field: Field = { name: 'f', type, rules, required: true, builtin: false };
  const model = { properties: currency ? { currency } : {} } as unknown as AppModel;
  const checks = { fields: new Map([['f', fieldCheck(model, field)]]) };
  return checkFields(checks, { f: value }, ['f'], settings).problems.get('f');
}

describe('what a refused value is told, in a product owner’s words', () => {
  it('words each type', () => {
    expect(reason({ kind: 'text' }, '')).toBe('is required');
    expect(reason({ kind: 'text' }, 3)).toBe('must be text');
    expect(reason({ kind: 'integer' }, 1.5)).toBe('must be a whole number');
    expect(reason({ kind: 'integer' }, 2 ** 53)).toBe('is too large a number');
    expect(reason({ kind: 'decimal' }, 'ten')).toBe('must be a number');
    expect(reason({ kind: 'money' }, '1.005')).toBe('must be an amount with at most 2 decimals');
    expect(reason({ kind: 'money' }, '1.5', [], 'JPY')).toBe('must be a whole amount');
    expect(reason({ kind: 'boolean' }, 'yes')).toBe('must be yes or no');
    expect(reason({ kind: 'date' }, '2025-02-30')).toBe('must be a date written as 2025-06-30');
    expect(reason({ kind: 'datetime' }, '2025-06-30T10:00')).toBe(
      'must be a date and time with its time zone',
    );
    expect(reason({ kind: 'email' }, 'ada')).toBe('must be an email address');
    expect(reason({ kind: 'url' }, 'ftp://x.org')).toBe(
      'must be a web address starting with http:// or https://',
    );
    expect(reason({ kind: 'enum', values: ['low', 'normal', 'high'] }, 'urgent')).toBe(
      'must be one of low, normal or high',
    );
    expect(reason({ kind: 'reference', entity: 'PurchaseOrder' }, 12)).toBe(
      'must name an existing purchase order',
    );
    expect(reason({ kind: 'list', entity: 'Tag' }, 'a')).toBe('must be a list of tag ids');
    expect(reason({ kind: 'list', entity: 'Tag' }, ['a', 'a'])).toBe('names the same one twice');
    expect(reason({ kind: 'roles' }, ['owner'])).toBe('may only name the roles agent and admin');
  });

  it('words each rule of section 3, and never shows a pattern', () => {
    const text = { kind: 'text' } as const;
    expect(reason(text, 'ab', [{ kind: 'length', min: 3, max: 80 }])).toBe(
      'must be 3 to 80 characters',
    );
    expect(reason(text, 'ab', [{ kind: 'length', min: 3 }])).toBe('must be at least 3 characters');
    expect(reason(text, 'ab', [{ kind: 'length', max: 1 }])).toBe('must be at most 1 character');
    expect(reason(text, 'ab', [{ kind: 'length', min: 3, max: 3 }])).toBe(
      'must be exactly 3 characters',
    );
    const tags = { kind: 'list', entity: 'Tag' } as const;
    expect(reason(tags, ['a', 'b'], [{ kind: 'items', max: 1 }])).toBe('must have at most 1 item');
    expect(reason({ kind: 'integer' }, -1, [{ kind: 'min', value: 0 }])).toBe('must be at least 0');
    expect(reason({ kind: 'decimal' }, 1.5, [{ kind: 'max', value: 1 }])).toBe('must be at most 1');
    const pattern = reason(text, 'abc', [{ kind: 'pattern', regex: '^97[89][0-9]{10}$' }]);
    expect(pattern).toBe('is not in the expected form');
    expect(reason({ kind: 'date' }, '2025-06-15', [{ kind: 'afterToday' }])).toBe(
      'must be a date after today',
    );
    expect(reason({ kind: 'datetime' }, '2025-06-15T10:00Z', [{ kind: 'afterToday' }])).toBe(
      'must be after today',
    );
    expect(reason(text, 'abc', [{ kind: 'length', max: 3 }])).toBeUndefined();
  });

  it('puts the reason after the field’s label, its name split into words', () => {
    expect(fieldLabel('weightKg')).toBe('Weight kg');
    expect(fieldLabel('ISBNCode')).toBe('Isbn code');
    expect(fieldProblemMessage('weightKg', 'must be at least 0')).toBe(
      'Weight kg must be at least 0.',
    );
  });
});
