import { ANYONE, matchingRows, type AppModel } from '@specrun/model';
import type { JsonSchema, SecurityRequirement } from './openapi-types.js';

/** The security scheme of the session cookie. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
const SCHEME = SESSION_COOKIE_SCHEME;

/** The one way callers authenticate: the session cookie sign-in and sign-up set. */
export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  [SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: 'specrun_session',
    description:
      "The session cookie set by signing in or up: HTTP-only and `SameSite=Lax`. Writes it authenticates must come from the application's own origin.",
  },
};

/** Who may call an operation: anybody, anybody but signed-in users see more, or users only. */
export type Access = 'public' | 'optional' | 'signed-in';

export function securityFor(access: Access): SecurityRequirement[] {
  if (access === 'public') return [];
  // `{}` is the anonymous alternative: the call also works without the cookie.
  return access === 'optional' ? [{ [SCHEME]: [] }, {}] : [{ [SCHEME]: [] }];
}

/**
 * Whether section 6 lets nobody-signed-in (`anyone`) take an action on some record of the
 * entity: a row of `anyone` allows it, and no `no` row of `anyone` takes it back.
 */
export function anyoneMay(model: AppModel, entity: string, action: string): boolean {
  return matchingRows(model.permissions, [ANYONE], entity, action).length > 0;
}
