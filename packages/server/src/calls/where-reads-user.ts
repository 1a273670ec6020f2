import { analyseExpression } from '@specrun/expr';
import type { ApiCall, AppModel } from '@specrun/model';

/**
 * Whether a list call's `where` reads `user`: a condition about the caller means nothing without
 * one, so the call answers 401 to an anonymous caller rather than an empty list.
 */
export function whereReadsUser(model: AppModel, call: ApiCall): boolean {
  if (call.operation.kind !== 'list' || !call.where) return false;
  const scope = { entity: call.operation.entity, hasUser: true };
  return analyseExpression(call.where.source, model, scope).names.has('user');
}
