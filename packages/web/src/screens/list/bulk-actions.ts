import { actionInputs, inputNames, type AppModel, type Entity } from '@specrun/model';
import { isDestructive } from '../../model/destructive.js';
import { lifecycleOf } from '../../model/entities.js';
import { actionLabel, entityWords } from '../../model/names.js';
import type { ApiRecord } from '../../model/record-label.js';

/** What can be done to the selected records at once: a transition, or `delete`. */
export interface BulkAction {
  action: string;
  label: string;
  destructive: boolean;
}

/**
 * Whether an action needs something from the reader: an input one of its Whens reads (the guard
 * judges it), or one a Sets copies to a required field. Inputs only copied to optional fields
 * may be left out.
 */
function needsInput(model: AppModel, entity: string, action: string): boolean {
  const rows = lifecycleOf(model, entity)?.transitions.filter((t) => t.action === action) ?? [];
  // `input.assignee != null` in a When asks for it, whatever field a Sets copies it to.
  if (rows.some((t) => inputNames(t.when?.source ?? '').length > 0)) return true;
  return actionInputs(model, entity, action).some((i) => !i.field || i.field.required);
}

/**
 * The actions to offer on the selected records together: those the server offers on each of
 * them now (their `actions`: its very checks), that the API has a call for, and that need no
 * input from the reader (a transition that asks a reason is taken one record at a time, in its
 * dialog; one whose only inputs are optional is taken without them). Transitions in the lifecycle's order, then delete.
 */
export function bulkActions(
  model: AppModel,
  entity: Entity,
  records: readonly ApiRecord[],
  served: (action: string) => boolean,
): BulkAction[] {
  if (records.length === 0 || records.some((r) => !Array.isArray(r.actions))) return [];
  const onEach = (action: string) => records.every((r) => r.actions!.includes(action));
  const transitions = [
    ...new Set(lifecycleOf(model, entity.name)?.transitions.map((t) => t.action)),
  ];
  const names = [...transitions.filter((a) => !needsInput(model, entity.name, a)), 'delete'];
  return names
    .filter((a) => onEach(a) && served(a))
    .map((action) => ({
      action,
      label: actionLabel(action),
      destructive: action === 'delete' || isDestructive(model, entity.name, action),
    }));
}

/** "3 tickets", "1 ticket": a count of the entity's records in words. */
export function countOf(entity: Entity, count: number): string {
  return `${count} ${entityWords(count === 1 ? entity.name : entity.plural)}`;
}

/** One record's outcome: done, or refused with the server's reason. */
export type BulkResult = { done: true } | { done: false; reason: string };

/**
 * The toast after a bulk action: how many were done, and how many refused, each reason once
 * with its count ("2 refused: That action is not possible now.").
 */
export function bulkSummary(
  entity: Entity,
  action: BulkAction,
  results: readonly BulkResult[],
): { title: string; message: string } {
  const done = results.filter((r) => r.done).length;
  const reasons = new Map<string, number>();
  for (const r of results) if (!r.done) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
  const refused = results.length - done;
  const title = `${action.label}: ${done} of ${countOf(entity, results.length)} done`;
  if (refused === 0) return { title, message: `Every one of them is done.` };
  const why = [...reasons].map(([reason, n]) => (reasons.size > 1 ? `${reason} (${n})` : reason));
  return { title, message: `${refused} refused: ${why.join(' ')}` };
}
