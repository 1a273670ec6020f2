import {
  checkFields,
  fieldCheck,
  fieldParams,
  words,
  type AppModel,
  type Catalogue,
  type CheckSettings,
  type Field,
  type FieldCheck,
} from '@specrun/model';

/** The server's checks of some fields (type, required, rules of section 3), ready to run here. */
export interface ValueChecks {
  fields: ReadonlyMap<string, FieldCheck>;
}

/** Works out the checks of these fields once: their currency's digits, their patterns. */
export function valueChecks(model: AppModel, fields: readonly Field[]): ValueChecks {
  return { fields: new Map(fields.map((f) => [f.name, fieldCheck(model, f)])) };
}

/**
 * The named fields the server would refuse, each with what is wrong ("must be at least 0"),
 * given the values as they would be sent: the very checks it runs (@specrun/model), so a form
 * says so, in the server's words (fieldProblemMessage), before anything is sent. `unique`,
 * references and section 5 stay the server's: they need its database.
 */
export function refusedFields(
  checks: ValueChecks,
  values: Record<string, unknown>,
  names: Iterable<string>,
  settings: CheckSettings,
): ReadonlyMap<string, string> {
  return checkFields(checks, values, names, settings).problems;
}

/**
 * What the server answers a save whose fields fail their checks: VALIDATION_FAILED, its
 * message naming every field concerned in words, as the server names them.
 */
export function fieldsProblemMessage(catalogue: Catalogue, fields: readonly string[]): string {
  return catalogue.resolve('VALIDATION_FAILED', fieldParams(fields.map(words))).message;
}
