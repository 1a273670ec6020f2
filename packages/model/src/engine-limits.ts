import type { ConstantValue } from './constants.js';
import { MIN_PASSWORD_LENGTH } from './values/password-rules.js';

/** The engine's limits: defaults a specification may override by name in section 9. */
export const ENGINE_LIMITS: Record<string, { value: ConstantValue; meaning: string }> = {
  PAGE_SIZE: { value: { kind: 'number', value: 25 }, meaning: 'Rows per page in lists' },
  MAX_PAGE_SIZE: {
    value: { kind: 'number', value: 100 },
    meaning: 'The most rows one list request may ask for',
  },
  MAX_REQUEST_BYTES: {
    value: { kind: 'number', value: 1_000_000 },
    meaning: 'The largest request body accepted, in bytes',
  },
  SIGN_IN_ATTEMPTS_PER_MINUTE: {
    value: { kind: 'number', value: 10 },
    meaning: 'Sign-in attempts allowed per address and per account each minute',
  },
  SIGN_UP_ATTEMPTS_PER_HOUR: {
    value: { kind: 'number', value: 20 },
    meaning: 'Sign-up attempts allowed per address each hour',
  },
  MIN_PASSWORD_LENGTH: {
    value: { kind: 'number', value: MIN_PASSWORD_LENGTH },
    meaning: 'The fewest characters a new password may have',
  },
  SESSION_TTL: {
    value: { kind: 'duration', milliseconds: 14 * 24 * 3600 * 1000, source: '14d' },
    meaning: 'How long a session lasts without signing in again',
  },
};
