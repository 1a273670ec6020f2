import {
  checkSettingsAt,
  fieldProblemMessage,
  type ActionInput as TransitionInput,
  type Field,
} from '@specrun/model';
import type { AppSetup } from '../../app/app-context.js';
import type { ApiError } from '../../api/api-error.js';
import type { ApiRecord } from '../../model/record-label.js';
import { refusedFields, valueChecks } from '../../model/value-checks.js';
import { emptyValue, isBlank, toWireValue, type FormValue } from '../../ui/inputs/form-values.js';

/** The input a transition's dialog asks for, as its input shows it: the field it sets, renamed. */
export function inputField(input: TransitionInput): Field {
  return input.field
    ? {
        ...input.field,
        name: input.name,
        // The caller gives it here, whatever section 3 says of setting it elsewhere.
        rules: input.field.rules.filter((r) => r.kind !== 'readOnly'),
      }
    : { name: input.name, type: { kind: 'text' }, required: false, rules: [], builtin: false };
}

/** What a dialog sends, or the problems, by input, that keep it from being sent. */
export interface ActionInput {
  input: Record<string, unknown>;
  problems: Record<string, string>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The transition's input from the dialog's values. An input that its Sets assigns to a field as
 * it is (`receivedQuantity = input.quantity`) is checked as the server checks that field when it
 * changes, with the message it would give at the input (its label, then what is wrong); other
 * inputs are the When's to judge, on the server.
 */
export function actionInput(
  { model }: Pick<AppSetup, 'model'>,
  record: ApiRecord,
  inputs: readonly TransitionInput[],
  values: Record<string, FormValue>,
  timeZone: string,
): ActionInput {
  const out: ActionInput = { input: {}, problems: {} };
  const settings = checkSettingsAt(model, Date.now());
  for (const i of inputs) {
    const shown = inputField(i);
    const value = values[i.name] ?? emptyValue(shown);
    const wire = toWireValue(shown, value, timeZone);
    if (!isBlank(value)) out.input[i.name] = wire;
    const field = i.field;
    if (!field || same(wire, record[field.name])) continue;
    const refused = refusedFields(
      valueChecks(model, [field]),
      { [field.name]: wire },
      [field.name],
      settings,
    );
    const reason = refused.get(field.name);
    if (reason !== undefined) out.problems[i.name] = fieldProblemMessage(i.name, reason);
  }
  return out;
}

/**
 * The server's problems about fields, at the inputs that give them: it names the input the caller
 * sent when a Sets copies it to a field as it is, and the record's field otherwise. `all` says
 * that nothing is left over for the dialog's alert to tell.
 */
export function problemsAtInputs(
  error: ApiError,
  inputs: readonly TransitionInput[],
): { problems: Record<string, string>; all: boolean } {
  const problems: Record<string, string> = {};
  let all = error.problems.length > 0;
  for (const p of error.problems) {
    const at =
      inputs.find((i) => i.name === p.field) ?? inputs.find((i) => i.field?.name === p.field);
    if (at && problems[at.name] === undefined) problems[at.name] = p.message;
    else if (!at) all = false;
  }
  return { problems, all };
}
