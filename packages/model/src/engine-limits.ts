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
  HEADERS_TIMEOUT_SECONDS: {
    value: { kind: 'number', value: 10 },
    meaning: "How long a client may take to send a request's headers",
  },
  REQUEST_TIMEOUT_SECONDS: {
    value: { kind: 'number', value: 60 },
    meaning: "How long a client may take to send a request's headers and body",
  },
  KEEP_ALIVE_TIMEOUT_SECONDS: {
    value: { kind: 'number', value: 5 },
    meaning: 'How long an idle connection is kept open for its next request',
  },
  IDLE_TIMEOUT_SECONDS: {
    value: { kind: 'number', value: 120 },
    meaning: 'How long a served connection may go without a byte either way',
  },
  SESSION_TTL: {
    value: { kind: 'duration', milliseconds: 14 * 24 * 3600 * 1000, source: '14d' },
    meaning: 'How long a session lasts without signing in again',
  },
};
