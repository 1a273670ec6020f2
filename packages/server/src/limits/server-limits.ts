import type { AppModel } from '@specrun/model';
import { accountLimits, type AccountLimits } from './account-limits.js';
import { apiLimits, type ApiLimits } from './api-limits.js';
import { wireLimits, type WireLimits } from './wire-limits.js';

/** Every limit of section 9 the server obeys, with the engine's defaults: read once, at start. */
export interface ServerLimits extends ApiLimits, AccountLimits, WireLimits {}

/** The server's one reading of section 9. */
export function serverLimits(model: AppModel): ServerLimits {
  return { ...apiLimits(model), ...accountLimits(model), ...wireLimits(model) };
}
