import { dateIn } from '../dates/zone-dates.js';
import type { FieldRule } from '../entity.js';
import { toMinorUnits } from './decimal-text.js';
import type { FieldCheck } from './field-check.js';

// Wide enough for any bound a spec writes; values are compared exactly, never as floats.
const EXACT_SCALE = 40;

function exact(value: unknown): bigint | undefined {
  return toMinorUnits(String(value), EXACT_SCALE);
}

function within(n: number, rule: { min?: number; max?: number }): boolean {
  return (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);
}

function holds(
  rule: FieldRule,
  value: unknown,
  check: FieldCheck,
  today: string,
  timeZone?: string,
): boolean {
  switch (rule.kind) {
    case 'length':
      return typeof value !== 'string' || within([...value].length, rule);
    case 'items':
      return !Array.isArray(value) || within(value.length, rule);
    case 'min':
    case 'max': {
      const [a, b] = [exact(value), exact(rule.value)];
      if (a === undefined || b === undefined) return true;
      return rule.kind === 'min' ? a >= b : a <= b;
    }
    case 'pattern':
      return typeof value !== 'string' || check.pattern!.test(value);
    case 'afterToday': {
      const day =
        check.field.type.kind === 'date'
          ? String(value)
          : dateIn(Date.parse(String(value)), timeZone);
      return day > today;
    }
    default:
      return true;
  }
}

/** Whether a present, well-typed value keeps the field's rules of section 3 (unique aside). */
export function keepsFieldRules(
  check: FieldCheck,
  value: unknown,
  today: string,
  timeZone?: string,
): boolean {
  const keeps = (rule: FieldRule) => holds(rule, value, check, today, timeZone);
  const { rules } = check.field;
  // A pattern costs time in proportion to the value: it is tried last, on values that keep the
  // other rules (a length rule then bounds what it reads).
  return (
    rules.every((rule) => rule.kind === 'pattern' || keeps(rule)) &&
    rules.every((rule) => rule.kind !== 'pattern' || keeps(rule))
  );
}
