import type { TokenScheme } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { isSessionToken } from './session-token.js';

/**
 * The token of an `Authorization: <Scheme> <token>` header (the scheme in any case, as HTTP
 * says). A header that holds anything else is refused rather than ignored: a client that sent a
 * credential must learn it was not taken, never be served as nobody.
 */
export function headerToken(header: string, scheme: TokenScheme): string {
  const match = /^(\S+) +(\S+)$/.exec(header.trim());
  if (match && match[1]!.toLowerCase() === scheme.toLowerCase() && isSessionToken(match[2]!))
    return match[2]!;
  throw badToken();
}

/** The answer to a token that is malformed, unknown, expired or revoked. */
export function badToken(): AppError {
  return new AppError('UNAUTHENTICATED', 'The token is not valid: sign in again.');
}
