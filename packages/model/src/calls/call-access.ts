import type { Shape } from './call.js';
/** The word before the token in a call's `Authorization` header: `Token abc…` or `Bearer abc…`. */
export type TokenScheme = 'Token' | 'Bearer';

/**
 * How clients other than the web app reach the API, from section 7's bullets: `- Tokens:
 * `Authorization: Token`` lets a call carry a session token in a header instead of the cookie,
 * and `- Origins: https://a.example, *` lets pages of those origins call the API (CORS).
 */
export interface CallAccess {
  /** The scheme of the `Authorization` header that carries a token; absent: cookies only. */
  tokens?: TokenScheme;
  /** The origins whose pages may call the API, `*` for any; absent: only the app's own. */
  origins?: string[];
}

/** The name under which a response shape answers the session's token (see `tokens`). */
export const TOKEN_FIELD = 'token';

/**
 * Whether a response shape names the bare field `token`, in any envelope or in a projection of
 * the user (`{ user: User { email, token } }`): where an account call answers the session's token.
 */
export function namesToken(shape: Shape | undefined): boolean {
  if (!shape) return false;
  const properties =
    shape.kind === 'object' ? shape.properties : shape.kind === 'entity' ? shape.fields : undefined;
  return (properties ?? []).some((p) =>
    p.shape.kind === 'field' ? p.name === TOKEN_FIELD : namesToken(p.shape),
  );
}
