import { analyseExpression, type ExprScope } from '@specrun/expr';
import type { AppModel, Field } from '@specrun/model';
import { entityFields, storedEntities } from '../entity-fields.js';
import { topLevel, unwrapped } from './top-level.js';

/**
 * What a condition holds of one row's own fields, conjunct by conjunct: `equal` are the fields it
 * holds equal to a value known before the row is read (`record.customer == user.id`,
 * `t.status == "open"`), in the order they stand; `compared` are those it otherwise compares to
 * such a value (`in [...]`, `!=`). An index whose first columns are the `equal` fields reaches
 * the rows at once; `compared` fields after them let a count read the index alone.
 */
export interface ConditionPins {
  equal: string[];
  compared: string[];
}

// Kinds whose comparison compiles to the bare column against a parameter (see compileToSql):
// instants are compared after a conversion no plain index serves; numbers, money and dates are
// left out alike.
const PINNABLE = new Set(['text', 'email', 'url', 'enum', 'reference', 'state', 'id', 'boolean']);
const FIELD_SIDE = /^([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)$/;
// Operators that bind more loosely than a comparison, or compare again: such a conjunct is not
// one comparison of a field.
const LOOSER = /\|\||&&|\?|:/;
const COMPARISON = /==|!=|<=|>=|<|>|\bin\b/g;

function pinnable(field: Field | undefined): boolean {
  if (!field || !PINNABLE.has(field.type.kind)) return false;
  return !field.rules.some((r) => r.kind === 'computed');
}

/** The field of `variable` that a side reads, when the side is exactly `variable.field`. */
function fieldSide(side: string, variable: string): string | undefined {
  const match = FIELD_SIDE.exec(side.trim());
  return match && match[1] === variable ? match[2] : undefined;
}

/** Whether a side is known before the row is read: it checks and never reads the row. */
function givenSide(side: string, variable: string, model: AppModel, scope: ExprScope): boolean {
  const analysis = analyseExpression(side.trim(), model, scope);
  return (
    analysis.issues.length === 0 &&
    !analysis.names.has(variable) &&
    analysis.counts.length === 0 &&
    analysis.reads.every((r) => r.root !== undefined && r.root !== variable)
  );
}

type Comparison = { field: string; equal: boolean };

function comparisonOf(
  conjunct: string,
  variable: string,
  model: AppModel,
  scope: ExprScope,
): Comparison | undefined {
  const text = unwrapped(conjunct);
  const masked = topLevel(text);
  if (masked === undefined || LOOSER.test(masked)) return undefined;
  const operators = [...masked.matchAll(COMPARISON)];
  if (operators.length !== 1) return undefined;
  const { 0: op, index } = operators[0]!;
  if (op !== '==' && op !== '!=' && op !== 'in') return undefined;
  const left = text.slice(0, index);
  const right = text.slice(index + op.length);
  // `==` reads either way round; `x in list` and `!=` only with the field first.
  const sides =
    op === '=='
      ? [
          [left, right],
          [right, left],
        ]
      : [[left, right]];
  for (const [mine, other] of sides) {
    const field = fieldSide(mine!, variable);
    if (field && givenSide(other!, variable, model, scope)) return { field, equal: op === '==' };
  }
  return undefined;
}

/**
 * The pins of a condition on the rows of `entity`, read through `variable` (`record` for a row
 * condition or a list's filter, a count's own variable for its condition). A condition that does
 * not check pins nothing.
 */
export function conditionPins(
  condition: string,
  model: AppModel,
  scope: ExprScope,
  variable: string,
  entity: string,
): ConditionPins {
  const pins: ConditionPins = { equal: [], compared: [] };
  const analysis = analyseExpression(condition, model, scope);
  if (analysis.issues.length > 0) return pins;
  const stored = storedEntities(model).find((e) => e.name === entity);
  const fields = stored ? entityFields(stored) : [];
  for (const { source } of analysis.conjuncts) {
    const found = comparisonOf(source, variable, model, scope);
    if (!found || !pinnable(fields.find((f) => f.name === found.field))) continue;
    const list = found.equal ? pins.equal : pins.compared;
    if (!pins.equal.includes(found.field) && !list.includes(found.field)) list.push(found.field);
  }
  pins.compared = pins.compared.filter((f) => !pins.equal.includes(f));
  return pins;
}
