import { successStatus, type ApiCall } from '@specrun/model';
import type { DraftOperation } from './operation-parts.js';

/**
 * The draft with its success answer under the status section 7 declares for the call: the
 * operations describe the engine's own choice, and a declared status moves it (a `200` delete,
 * a `201` add). A declared 204 has no Response shape, so its answer is empty already.
 */
export function withDeclaredStatus(call: ApiCall, draft: DraftOperation): DraftOperation {
  if (call.status === undefined) return draft;
  const status = String(successStatus(call));
  const entries = Object.entries(draft.success);
  if (entries.length !== 1 || entries[0]![0] === status) return draft;
  return { ...draft, success: { [status]: entries[0]![1] } };
}
