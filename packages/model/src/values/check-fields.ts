import { fieldRuleProblem } from './check-field-rules.js';
import { checkValue } from './check-value.js';
import { REQUIRED_REASON } from './field-problem-codes.js';
import type { FieldCheck } from './field-check.js';

/**
 * The values checked, in canonical form, and the fields that have a problem, each with what is
 * wrong in words that follow its label ("must be at least 0"; see fieldProblemMessage).
 */
export interface FieldsChecked {
  values: Record<string, unknown>;
  problems: Map<string, string>;
}

/** What checking values needs to know about the moment and the application. */
export interface CheckSettings {
  today: string;
  timeZone?: string;
  roles: readonly string[];
}

/** Empty text and empty lists count as no value. */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Checks the named fields of a record: required (after defaults), type, then the rules of
 * section 3 but `unique`, which the database answers. Problems are collected, not thrown.
 * `entity` is anything that holds the checks of its fields by name (the server's prepared
 * entity, the web's form).
 */
export function checkFields(
  entity: { fields: ReadonlyMap<string, FieldCheck> },
  record: Record<string, unknown>,
  names: Iterable<string>,
  settings: CheckSettings,
): FieldsChecked {
  const values: Record<string, unknown> = {};
  const problems = new Map<string, string>();
  for (const name of names) {
    const p = entity.fields.get(name)!;
    const value = record[name];
    if (isEmpty(value)) {
      if (p.field.required) problems.set(name, REQUIRED_REASON);
      else values[name] = ['list', 'files'].includes(p.field.type.kind) ? [] : null;
      continue;
    }
    const checked = checkValue(p, value, settings.roles);
    if (!checked.ok) {
      problems.set(name, checked.reason);
      continue;
    }
    const broken = fieldRuleProblem(p, checked.value, settings.today, settings.timeZone);
    if (broken === undefined) values[name] = checked.value;
    else problems.set(name, broken);
  }
  return { values, problems };
}
