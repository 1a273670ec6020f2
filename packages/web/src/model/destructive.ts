import type { AppModel } from '@specrun/model';
import { lifecycleOf } from './entities.js';

// Words that end or undo something for the people involved: styled as danger, confirmed by name.
const ENDING_ACTIONS = new Set([
  'cancel',
  'reject',
  'withdraw',
  'void',
  'drop',
  'leave',
  'decline',
  'revoke',
  'remove',
  'delete',
  'discard',
  'abandon',
  'archive',
]);
const ENDING_STATES = new Set([
  'cancelled',
  'canceled',
  'rejected',
  'withdrawn',
  'void',
  'voided',
  'dropped',
  'declined',
  'revoked',
  'removed',
  'deleted',
  'discarded',
  'abandoned',
  'archived',
]);

/**
 * Whether a lifecycle action ends or undoes something (cancel a workshop, reject a claim): by its
 * name, or by the state every row of it leads to. Such an action is never the page's primary
 * button, and its confirmation names the outcome ("Cancel workshop" / "Keep it").
 */
export function isDestructive(model: AppModel, entity: string, action: string): boolean {
  if (ENDING_ACTIONS.has(action.toLowerCase())) return true;
  const rows = lifecycleOf(model, entity)?.transitions.filter((t) => t.action === action) ?? [];
  return rows.length > 0 && rows.every((t) => ENDING_STATES.has(t.to.toLowerCase()));
}
