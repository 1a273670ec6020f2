import { describe, expect, it } from 'vitest';
import type { AppModel } from '../app-model.js';
import type { Field, FieldRule, FieldType } from '../entity.js';
import { checkFields, type CheckSettings } from './check-fields.js';
import { checkValue } from './check-value.js';
import { fieldCheck } from './field-check.js';
import { canonicalInstant } from './instant-text.js';
import { passwordProblem } from './password-rules.js';

const field = (
  name: string,
  type: FieldType,
  rules: FieldRule[] = [],
  required = false,
): Field => ({
  name,
  type,
  rules,
  required,
  builtin: false,
});

// Only what the checks read of a model: its currency.
const model = (currency?: string) =>
  ({ properties: currency ? { currency } : {} }) as unknown as AppModel;

const settings: CheckSettings = { today: '2025-06-15', timeZone: 'Europe/Paris', roles: ['agent'] };

function problems(fields: Field[], record: Record<string, unknown>, currency?: string) {
  const checks = { fields: new Map(fields.map((f) => [f.name, fieldCheck(model(currency), f)])) };
  return [...checkFields(checks, record, Object.keys(record), settings).problems.keys()];
}

describe('checkFields, shared by the server and the web', () => {
  it('refuses an empty required field and keeps an empty optional one as null', () => {
    const title = field('title', { kind: 'text' }, [], true);
    const note = field('note', { kind: 'text' });
    expect(problems([title, note], { title: '', note: '' })).toEqual(['title']);
    const checks = { fields: new Map([[note.name, fieldCheck(model(), note)]]) };
    expect(checkFields(checks, { note: '' }, ['note'], settings).values).toEqual({ note: null });
  });

  it('holds money to its currency’s digits: yen none, euro two', () => {
    const price = field('price', { kind: 'money' });
    expect(problems([price], { price: '12.5' }, 'JPY')).toEqual(['price']);
    expect(problems([price], { price: '12' }, 'JPY')).toEqual([]);
    expect(problems([price], { price: '12.505' }, 'EUR')).toEqual(['price']);
    expect(problems([price], { price: '12.50' }, 'EUR')).toEqual([]);
  });

  it('compares bounds exactly, without a float', () => {
    const qty = field('qty', { kind: 'decimal' }, [{ kind: 'min', value: 0.1 }]);
    expect(problems([qty], { qty: '0.1' })).toEqual([]);
    expect(problems([qty], { qty: '0.0999999999999999999999' })).toEqual(['qty']);
  });

  it('counts length in characters as people see them, and matches patterns as Unicode', () => {
    const code = field('code', { kind: 'text' }, [
      { kind: 'length', max: 3 },
      { kind: 'pattern', regex: '^\\p{Lu}+$' },
    ]);
    expect(problems([code], { code: 'ÉÀÜ' })).toEqual([]);
    expect(problems([code], { code: 'ÉÀÜÖ' })).toEqual(['code']);
    expect(problems([code], { code: 'abc' })).toEqual(['code']);
  });

  it('runs patterns in time linear in the value, after the other rules', () => {
    const slug = field('slug', { kind: 'text' }, [{ kind: 'pattern', regex: '^([a-z]+)+$' }]);
    const started = performance.now();
    expect(problems([slug], { slug: `${'a'.repeat(40)}!` })).toEqual(['slug']);
    expect(problems([slug], { slug: 'abc' })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Written first, the pattern still waits for the length rule: a long value costs it nothing.
    const short = field('code', { kind: 'text' }, [
      { kind: 'pattern', regex: '^([a-z]+)+$' },
      { kind: 'length', max: 5 },
    ]);
    expect(problems([short], { code: 'a'.repeat(1_000_000) })).toEqual(['code']);
  });

  it('judges "after today" in the application’s time zone', () => {
    const at = field('at', { kind: 'datetime' }, [{ kind: 'afterToday' }]);
    // 23:30 UTC on the 15th is already the 16th in Paris.
    expect(problems([at], { at: '2025-06-15T23:30:00Z' })).toEqual([]);
    expect(problems([at], { at: '2025-06-15T21:30:00Z' })).toEqual(['at']);
  });

  it('takes only known roles, and no item twice', () => {
    const roles = field('roles', { kind: 'roles' });
    expect(problems([roles], { roles: ['agent'] })).toEqual([]);
    expect(problems([roles], { roles: ['owner'] })).toEqual(['roles']);
    const tags = field('tags', { kind: 'list', entity: 'Tag' });
    expect(problems([tags], { tags: ['a', 'a'] })).toEqual(['tags']);
  });
});

describe('values in their canonical form', () => {
  it('reads instants only with a zone, to the millisecond', () => {
    expect(canonicalInstant('2024-05-01T09:30+02:00')).toEqual({
      ok: true,
      value: '2024-05-01T07:30:00.000Z',
    });
    expect(canonicalInstant('2024-05-01T09:30').ok).toBe(false);
    expect(canonicalInstant('2024-02-30T09:30Z').ok).toBe(false);
  });

  it('gives integers as safe whole numbers and emails with a domain', () => {
    const n = fieldCheck(model(), field('n', { kind: 'integer' }));
    expect(checkValue(n, 2 ** 53, []).ok).toBe(false);
    expect(checkValue(n, '12', []).ok).toBe(false);
    const email = fieldCheck(model(), field('email', { kind: 'email' }));
    expect(checkValue(email, 'ada@example', []).ok).toBe(false);
    expect(checkValue(email, 'ada@example.org', [])).toEqual({
      ok: true,
      value: 'ada@example.org',
    });
  });

  it('asks passwords for 15 to 200 characters unless told, counted as people see them', () => {
    expect(passwordProblem('🔑'.repeat(15))).toBeUndefined();
    expect(passwordProblem('🔑'.repeat(14))).toContain('at least 15');
    expect(passwordProblem('🔑'.repeat(8), 8)).toBeUndefined();
    expect(passwordProblem('short')).toContain('at least 15');
    expect(passwordProblem(undefined)).toBeDefined();
  });
});
