import { dateIn } from '../dates/zone-dates.js';
import type { FieldRule } from '../entity.js';
import { toMinorUnits } from './decimal-text.js';
import type { FieldCheck } from './field-check.js';
import { fileIsOfKind, fileKindsInWords, sizeInWords } from './file-rules.js';

type Upload = { name: string; type: string; size: number };

const isUpload = (value: unknown): value is Upload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { size?: unknown }).size === 'number';

/**
 * Whether a file, or each new file of a list, keeps a file rule. A stored file a list keeps
 * (`{ url }`) was checked when it was sent; only its address is known here.
 */
function eachUpload(value: unknown, keeps: (file: Upload) => boolean): boolean {
  const files = Array.isArray(value) ? value : [value];
  return files.every((file) => !isUpload(file) || keeps(file));
}

// Wide enough for any bound a spec writes; values are compared exactly, never as floats.
const EXACT_SCALE = 40;

function exact(value: unknown): bigint | undefined {
  return toMinorUnits(String(value), EXACT_SCALE);
}

function within(n: number, rule: { min?: number; max?: number }): boolean {
  return (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);
}

const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A count's bounds in words: "3 to 80 characters", "at least 1 item", "exactly 2 characters". */
function bounds(rule: { min?: number; max?: number }, unit: string): string {
  const { min, max } = rule;
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${counted(min, unit)}` : `${min} to ${counted(max, unit)}`;
  return min !== undefined ? `at least ${counted(min, unit)}` : `at most ${counted(max!, unit)}`;
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
    case 'fileKinds':
      return eachUpload(value, (file) => fileIsOfKind(rule.kinds, file));
    case 'maxBytes':
      return eachUpload(value, (file) => file.size <= rule.value);
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

// A list of files: "Photos must each be an image".
const each = (check: FieldCheck) => (check.field.type.kind === 'files' ? 'each ' : '');

/**
 * What a broken rule asks of the value, in words that follow the field's label. A pattern is
 * never shown: its regular expression means nothing to the person typing.
 */
function reasonOf(rule: FieldRule, check: FieldCheck): string {
  switch (rule.kind) {
    case 'length':
      return `must be ${bounds(rule, 'character')}`;
    case 'items':
      return `must have ${bounds(rule, check.field.type.kind === 'files' ? 'file' : 'item')}`;
    case 'min':
      return `must be at least ${rule.value}`;
    case 'max':
      return `must be at most ${rule.value}`;
    case 'fileKinds':
      return `must ${each(check)}be ${fileKindsInWords(rule.kinds)}`;
    case 'maxBytes':
      return `must ${each(check)}be at most ${sizeInWords(rule.value)}`;
    case 'afterToday':
      return check.field.type.kind === 'date'
        ? 'must be a date after today'
        : 'must be after today';
    default:
      return 'is not in the expected form';
  }
}

/**
 * Why a present, well-typed value breaks the field's rules of section 3 (unique aside): the
 * first broken rule's reason, or undefined when it keeps them all.
 */
export function fieldRuleProblem(
  check: FieldCheck,
  value: unknown,
  today: string,
  timeZone?: string,
): string | undefined {
  const keeps = (rule: FieldRule) => holds(rule, value, check, today, timeZone);
  const { rules } = check.field;
  // A pattern costs time in proportion to the value: it is tried last, on values that keep the
  // other rules (a length rule then bounds what it reads).
  const broken =
    rules.find((rule) => rule.kind !== 'pattern' && !keeps(rule)) ??
    rules.find((rule) => rule.kind === 'pattern' && !keeps(rule));
  return broken && reasonOf(broken, check);
}

/** Whether a present, well-typed value keeps the field's rules of section 3 (unique aside). */
export function keepsFieldRules(
  check: FieldCheck,
  value: unknown,
  today: string,
  timeZone?: string,
): boolean {
  return fieldRuleProblem(check, value, today, timeZone) === undefined;
}
