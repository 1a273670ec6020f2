import type { AppModel } from '../app-model.js';
import type { Field } from '../entity.js';
import { currencyScale } from './currency-scale.js';
import { compilePattern, type PatternTest } from './pattern.js';

/** A field with what checking its values needs, worked out once: the server and the web share it. */
export interface FieldCheck {
  field: Field;
  /** Money: the digits its currency allows after the point. */
  scale?: number;
  /** The field's `pattern` rule, compiled for the linear-time engine. */
  pattern?: PatternTest;
}

/** What checking a field's values needs: its currency's digits, its compiled pattern. */
export function fieldCheck(model: AppModel, field: Field): FieldCheck {
  const check: FieldCheck = { field };
  if (field.type.kind === 'money')
    check.scale = currencyScale(field.type.currency ?? model.properties.currency);
  for (const rule of field.rules)
    if (rule.kind === 'pattern') check.pattern = compilePattern(rule.regex);
  return check;
}
