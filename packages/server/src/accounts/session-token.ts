import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a cookie value could be a token at all; anything else is never looked up. */
export function isSessionToken(value: string): boolean {
  return TOKEN.test(value);
}

/**
 * What the database keeps of a token: its SHA-256. A token is 256 random bits, so a plain hash is
 * enough, and a copy of the sessions table signs nobody in.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
