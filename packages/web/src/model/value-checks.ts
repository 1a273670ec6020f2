import {
  checkFields,
  ENGINE_ERRORS,
  dateIn,
  fieldCheck,
  type AppModel,
  type CheckSettings,
  type Field,
  type FieldCheck,
} from '@specrun/model';
import { catalogueMessage } from './catalogue.js';

/** The server's checks of some fields (type, required, rules of section 3), ready to run here. */
export interface ValueChecks {
  fields: ReadonlyMap<string, FieldCheck>;
}

/** Works out the checks of these fields once: their currency's digits, their patterns. */
export function valueChecks(model: AppModel, fields: readonly Field[]): ValueChecks {
  return { fields: new Map(fields.map((f) => [f.name, fieldCheck(model, f)])) };
}

/** What the checks need of this moment: today in the application's time zone, its roles. */
export function checkSettings(model: AppModel, now = Date.now()): CheckSettings {
  const timeZone = model.properties.timeZone;
  const settings: CheckSettings = {
    today: dateIn(now, timeZone),
    roles: model.roles.map((r) => r.name),
  };
  if (timeZone !== undefined) settings.timeZone = timeZone;
  return settings;
}

/**
 * The named fields the server would refuse, given the values as they would be sent: the very
 * checks it runs (@specrun/model), so a form can say so before anything is sent. `unique`,
 * references and section 5 stay the server's: they need its database.
 */
export function refusedFields(
  checks: ValueChecks,
  values: Record<string, unknown>,
  names: Iterable<string>,
  settings: CheckSettings,
): Set<string> {
  return checkFields(checks, values, names, settings).problems;
}

/**
 * What the server says of a field that fails its checks: the catalogue's VALIDATION_FAILED with
 * `{field}` filled in as the server fills it (the field's name).
 */
export function fieldProblemMessage(model: AppModel, field: string): string {
  return (
    catalogueMessage(model, 'VALIDATION_FAILED', { field }) ??
    ENGINE_ERRORS.VALIDATION_FAILED.message
  );
}

/** Names in prose, as the server lists them: `a`, `a and b`, `a, b and c`. */
function listOf(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What the server answers a save whose fields fail their checks: VALIDATION_FAILED, its message
 * naming every field concerned.
 */
export function fieldsProblemMessage(model: AppModel, fields: readonly string[]): string {
  const params: Record<string, string> = fields.length > 0 ? { field: listOf(fields) } : {};
  return (
    catalogueMessage(model, 'VALIDATION_FAILED', params) ?? ENGINE_ERRORS.VALIDATION_FAILED.message
  );
}
