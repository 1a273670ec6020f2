import { isAutomatic, type AppModel } from '@specrun/model';
import { accessTo } from '../../model/access.js';
import { lifecycleOf } from '../../model/entities.js';
import type { ApiRecord } from '../../model/record-label.js';

/**
 * The actions the caller's roles could take from the record's state: the transitions out of it
 * whose Who includes one of their roles and that section 6 may allow, each action once.
 */
export function possibleActions(
  model: AppModel,
  entity: string,
  record: ApiRecord,
  roles: readonly string[],
): string[] {
  const lifecycle = lifecycleOf(model, entity);
  if (!lifecycle) return [];
  const state = record[lifecycle.field];
  const actions = lifecycle.transitions
    .filter((t) => typeof state === 'string' && t.from.includes(state) && !isAutomatic(t))
    .filter((t) => t.who.some((w) => roles.includes(w)))
    .filter((t) => accessTo(model, roles, entity, t.action) !== 'no')
    .map((t) => t.action);
  // An action may have several rows from the state, one per role: it is one button.
  return [...new Set(actions)];
}

/**
 * The actions to offer on a record: the transitions among the `actions` the API answers with it
 * (those the caller may take now, guards included). An API that does not send them is answered
 * from the model, the server still judging the guard when the button is pressed.
 */
export function availableActions(
  model: AppModel,
  entity: string,
  record: ApiRecord,
  roles: readonly string[],
): string[] {
  if (!Array.isArray(record.actions)) return possibleActions(model, entity, record, roles);
  const transitions = new Set(lifecycleOf(model, entity)?.transitions.map((t) => t.action));
  return record.actions.filter((a) => transitions.has(a));
}

/**
 * Whether to offer to edit or delete the record: the API says so in its `actions` (section 6 on
 * this record now: an organiser's published workshop is no longer theirs to edit). Without them,
 * whether a row of section 6 may allow it.
 */
export function allowsWrite(
  model: AppModel,
  entity: string,
  record: ApiRecord,
  roles: readonly string[],
  write: 'update' | 'delete',
): boolean {
  return Array.isArray(record.actions)
    ? record.actions.includes(write)
    : accessTo(model, roles, entity, write) !== 'no';
}

/**
 * Whether delete is held back only because other records still refer to the record: section 6
 * lets the caller delete every record of the entity, yet the server does not offer it (it would
 * refuse it IN_USE). The screen says so, where Delete would otherwise be.
 */
export function deleteHeldBack(
  model: AppModel,
  entity: string,
  record: ApiRecord,
  roles: readonly string[],
): boolean {
  return (
    Array.isArray(record.actions) &&
    !record.actions.includes('delete') &&
    accessTo(model, roles, entity, 'delete') === 'yes'
  );
}

/**
 * The actions the caller's roles could take from this state but that the server does not offer
 * now: a guard does not hold (a claim over the limit has no receipt yet). The screen says why,
 * in the words of the transition's catalogue code, instead of hiding them without a word.
 */
export function blockedActions(
  model: AppModel,
  entity: string,
  record: ApiRecord,
  roles: readonly string[],
): string[] {
  if (!Array.isArray(record.actions)) return [];
  const offered = new Set(record.actions);
  return possibleActions(model, entity, record, roles).filter((a) => !offered.has(a));
}
