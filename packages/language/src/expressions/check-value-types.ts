import type { AppModel, FieldType } from '@specrun/model';
import type { ReadContext } from '../read-context.js';
import type { CheckedSite } from './check-expressions.js';

const NUMBERS = ['int', 'uint', 'double'];

/**
 * The types of value (as @specrun/expr names them) that a field of each type holds. A value of
 * any other type is refused when it is set (a default, a Set), or shown as it is when it is
 * computed: a timestamp in a date field reads as a date it is not.
 */
function fitting(type: FieldType): string[] {
  switch (type.kind) {
    case 'integer':
      return ['int', 'uint'];
    case 'decimal':
      return [...NUMBERS, 'money'];
    case 'money':
      return [...NUMBERS, 'money'];
    case 'boolean':
      return ['bool'];
    case 'date':
      return ['date'];
    case 'datetime':
      return ['timestamp'];
    case 'reference':
      return [type.entity, 'string'];
    case 'list':
      return [`list(${type.entity})`, 'list(string)', 'list(dyn)'];
    case 'roles':
    case 'files':
      return ['list(string)', 'list(dyn)'];
    default:
      return ['string'];
  }
}

/** What to write instead, for the mistakes that are easy to make. */
function hintFor(given: string, type: FieldType): string {
  if (given === 'timestamp' && type.kind === 'date')
    return 'an instant is not a date: give a date, such as `today()` or a date field ± `duration("24h")`';
  if (given === 'date' && type.kind === 'datetime')
    return 'a date is not an instant: give an instant, such as `now` or a datetime field ± a duration';
  return `give a value of the field's type (${fitting(type)[0]}), or change the field's type`;
}

/**
 * Checks that each default, computed value and Set gives a value its field can hold (an
 * expression that gives `dyn` or `null` may). Errors at the expression's first character.
 */
export function checkValueTypes(
  checked: readonly CheckedSite[],
  model: AppModel,
  ctx: ReadContext,
) {
  for (const { site, result } of checked) {
    const given = result.type;
    if (!site.target || given === undefined || given === 'dyn' || given === 'null') continue;
    const { entity, field: name } = site.target;
    const field = model.entities
      .find((e) => e.name === entity)
      ?.fields.find((f) => f.name === name);
    if (!field || fitting(field.type).includes(given)) continue;
    ctx.bag.error(
      'value-type-mismatch',
      ctx.where.inExpression(site.expression, 0),
      `This ${site.what} gives a ${given}, but \`${entity}.${name}\` holds a ${field.type.kind}.`,
      hintFor(given, field.type),
    );
  }
}
