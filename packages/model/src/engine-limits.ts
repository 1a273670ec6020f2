import type { ConstantValue } from './constants.js';

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
  SESSION_TTL: {
    value: { kind: 'duration', milliseconds: 14 * 24 * 3600 * 1000, source: '14d' },
    meaning: 'How long a session lasts without signing in again',
  },
  MAX_FILTER_NODES: {
    value: { kind: 'number', value: 200 },
    meaning: 'The most nodes (names, literals, operators, calls) one list filter may have',
  },
  MAX_FILTER_NESTING: {
    value: { kind: 'number', value: 16 },
    meaning: 'How deeply the parts of one list filter may nest',
  },
  MAX_FILTER_STRING_OPS: {
    value: { kind: 'number', value: 10 },
    meaning: 'The most string joins (+) and searches (contains...) one list filter may make',
  },
  MAX_STATEMENT_MS: {
    value: { kind: 'number', value: 5000 },
    meaning: 'The longest one database statement may run, in milliseconds',
  },
};
