import {
  checkSettingsAt,
  fieldProblem,
  fieldProblemMessage,
  inputConditions,
  inputGuardField,
  type ActionInput as TransitionInput,
  type AppModel,
  type Field,
  type InputCondition,
  type Transition,
  words,
} from '@specrun/model';
import type { AppSetup } from '../../app/app-context.js';
import type { ApiError } from '../../api/api-error.js';
import type { ApiRecord } from '../../model/record-label.js';
import { refusedFields, valueChecks } from '../../model/value-checks.js';
import { emptyValue, isBlank, toWireValue, type FormValue } from '../../ui/inputs/form-values.js';

/**
 * What the dialog's guard asks of its inputs on their own (`size(input.reason) >= 5`), and the
 * Error the server answers when they fail it. Only for one row: with several (a patient's
 * `cancel` and reception's), another row may take what the first refuses, so the server judges.
 */
export interface DialogGuard {
  conditions: InputCondition[];
  error?: string | undefined;
}

export function dialogGuard(model: AppModel, transitions: readonly Transition[]): DialogGuard {
  const [only] = transitions;
  if (!only || transitions.length > 1) return { conditions: [] };
  return { conditions: inputConditions(model, only), error: only.error };
}

/**
 * The input a transition's dialog asks for, as its input shows it: the field it sets, renamed,
 * with what the guard asks of it (its hint says "At least 5 characters", its box is required).
 */
export function inputField(input: TransitionInput, guard: DialogGuard = { conditions: [] }): Field {
  const asked = inputGuardField(input.name, guard.conditions, input.field?.type);
  const own = input.field
    ? // The caller gives it here, whatever section 3 says of setting it elsewhere.
      input.field.rules.filter((r) => r.kind !== 'readOnly')
    : [];
  return {
    ...(input.field ?? { type: asked.type, builtin: false }),
    name: input.name,
    required: (input.field?.required ?? false) || asked.required,
    rules: [...own, ...asked.rules],
  };
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
 * changes, with the message it would give at the input (its label, then what is wrong). Then what
 * the guard asks of each input on its own, as the server judges it: the row's Error message at
 * the input, or with none what is wrong in words ("Reason must be at least 5 characters.").
 * Other parts of the When are the server's to judge.
 */
export function actionInput(
  { model, catalogue }: Pick<AppSetup, 'model' | 'catalogue'>,
  record: ApiRecord,
  inputs: readonly TransitionInput[],
  values: Record<string, FormValue>,
  timeZone: string,
  guard: DialogGuard = { conditions: [] },
): ActionInput {
  const out: ActionInput = { input: {}, problems: {} };
  const settings = checkSettingsAt(model, Date.now());
  const refusedAs = (field: Field, wire: unknown) =>
    refusedFields(valueChecks(model, [field]), { [field.name]: wire }, [field.name], settings).get(
      field.name,
    );
  for (const i of inputs) {
    const shown = inputField(i, guard);
    const value = values[i.name] ?? emptyValue(shown);
    const wire = toWireValue(shown, value, timeZone);
    if (!isBlank(value)) out.input[i.name] = wire;
    const field = i.field;
    const reason = field && !same(wire, record[field.name]) ? refusedAs(field, wire) : undefined;
    if (reason !== undefined) {
      out.problems[i.name] = fieldProblemMessage(i.name, reason);
      continue;
    }
    if (!guard.conditions.some((c) => c.input === i.name)) continue;
    const asked = refusedAs(inputGuardField(i.name, guard.conditions, field?.type), wire);
    if (asked === undefined) continue;
    out.problems[i.name] =
      guard.error && guard.error !== 'TRANSITION_NOT_ALLOWED'
        ? catalogue.resolve(guard.error, { field: words(i.name) }).message
        : fieldProblem(catalogue, i.name, asked).message;
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
