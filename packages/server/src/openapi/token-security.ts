import type { AppModel } from '@specrun/model';
import type { JsonSchema, SecurityRequirement } from './openapi-types.js';
import { SECURITY_SCHEMES, SESSION_COOKIE_SCHEME } from './security.js';

/** The security scheme of section 7's `- Tokens:`. */
export const SESSION_TOKEN_SCHEME = 'sessionToken';

/** The security schemes of the API: the session cookie, and the token header when declared. */
export function securitySchemes(model: AppModel): Record<string, JsonSchema> {
  const scheme = model.access?.tokens;
  if (!scheme) return SECURITY_SCHEMES;
  return {
    ...SECURITY_SCHEMES,
    [SESSION_TOKEN_SCHEME]: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: `\`Authorization: ${scheme} <token>\`, the token that sign-up, sign-in and \`update me\` answer. Requests that carry it are not subject to the same-origin check; a token that is malformed, unknown, expired or revoked is answered 401 UNAUTHENTICATED.`,
    },
  };
}

/** An operation's security with the token header offered wherever the cookie is. */
export function withTokenSecurity(
  model: AppModel,
  security: SecurityRequirement[],
): SecurityRequirement[] {
  if (!model.access?.tokens) return security;
  return security.flatMap((requirement) =>
    Object.hasOwn(requirement, SESSION_COOKIE_SCHEME)
      ? [requirement, { [SESSION_TOKEN_SCHEME]: [] }]
      : [requirement],
  );
}

/** The `token` pseudo-field of an account answer (see sessionTokenFor). */
export const TOKEN_FIELD_SCHEMA: JsonSchema = {
  type: ['string', 'null'],
  description:
    'The session token to send in the Authorization header: the one this request presented or was issued; null for a session kept in the cookie.',
};
