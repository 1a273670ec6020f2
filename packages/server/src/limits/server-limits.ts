import type { AppModel } from '@specrun/model';
import { accountLimits, type AccountLimits } from './account-limits.js';
import { apiLimits, type ApiLimits } from './api-limits.js';
import { workLimits, type WorkLimits } from './work-limits.js';

/** Every limit of section 9 the server obeys, with the engine's defaults: read once, at start. */
export interface ServerLimits extends ApiLimits, AccountLimits, WorkLimits {}

/** The server's one reading of section 9. */
export function serverLimits(model: AppModel): ServerLimits {
  return { ...apiLimits(model), ...accountLimits(model), ...workLimits(model) };
}
