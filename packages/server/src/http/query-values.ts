import { checkValue, currencyScale, type AppModel, type Field } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import type { PreparedField } from '../operations/prepared-entity.js';

/** How a `field=value` parameter is read, by field: the text to value step, worked out once. */
export type QueryValueReader = (raw: string) => unknown;

const INTEGER = /^-?(0|[1-9][0-9]*)$/;

function refuse(param: string, reason: string): AppError {
  return new AppError('BAD_REQUEST', `The query parameter ${param} ${reason}.`);
}

/**
 * The reader of one field's `field=value` parameter, or undefined when the field cannot be
 * compared with one value (`list of`, roles, `list of files`). The text is parsed by the field's
 * type (`true`, `42`, `12.50`, a date) and checked as a body value would be; an empty value
 * matches records where the field is empty.
 */
export function queryValueReader(
  model: AppModel,
  field: Field,
  states: readonly string[],
): QueryValueReader | undefined {
  const type = field.type;
  if (type.kind === 'list' || type.kind === 'roles' || type.kind === 'files') return undefined;
  const prepared: PreparedField = { field, input: true, settable: true };
  if (type.kind === 'money')
    prepared.scale = currencyScale(type.currency ?? model.properties.currency);
  const name = field.name;
  return (raw) => {
    if (raw === '') return null;
    switch (type.kind) {
      case 'id':
        return raw;
      case 'state':
        if (!states.includes(raw)) throw refuse(name, `must be one of ${states.join(', ')}`);
        return raw;
      case 'integer':
        if (!INTEGER.test(raw) || !Number.isSafeInteger(Number(raw)))
          throw refuse(name, 'must be a whole number');
        return Number(raw);
      case 'boolean':
        if (raw !== 'true' && raw !== 'false') throw refuse(name, 'must be true or false');
        return raw === 'true';
      case 'file':
        throw refuse(name, `can only be empty (${name}=): a file is compared with nothing else`);
      case 'text':
      case 'longText':
      case 'email':
      case 'url':
        // Any text can be compared; a malformed address simply matches nothing.
        return raw;
      default: {
        const checked = checkValue(prepared, raw, []);
        if (!checked.ok) throw refuse(name, checked.reason);
        return checked.value;
      }
    }
  };
}
