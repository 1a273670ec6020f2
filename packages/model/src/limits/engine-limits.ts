import type { AppModel } from '../app-model.js';
import type { ConstantValue } from '../constants.js';

/** An engine limit's default and what it means, as section 9 lists it when unset. */
export interface EngineLimitDefault {
  value: ConstantValue;
  meaning: string;
}

/** The engine's limits: defaults a specification may override by name in section 9. */
export const ENGINE_LIMITS = {
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
} satisfies Record<string, EngineLimitDefault>;

/** The engine's limits as a model sets them, each with its default. */
export interface EngineLimits {
  /** Rows per page in lists, when a request does not say (PAGE_SIZE). */
  pageSize: number;
  /** The most rows one list request may ask for (MAX_PAGE_SIZE). */
  maxPageSize: number;
  /** The largest request body accepted, in bytes; it bounds an uploaded file (MAX_REQUEST_BYTES). */
  maxRequestBytes: number;
  /** Sign-in attempts allowed per address and per account in any minute. */
  signInAttemptsPerMinute: number;
  /** How long a session lasts without signing in again, in milliseconds (SESSION_TTL). */
  sessionTtlMs: number;
}

type LimitName = keyof typeof ENGINE_LIMITS;

/**
 * The engine's limits, read from section 9 once: a limit the model does not set has its default.
 * The reader refuses a limit set to a value of another type (`limit-type-mismatch`), so a model
 * from the reader never has one; any other model gets the default for it too.
 */
export function engineLimits(model: Pick<AppModel, 'constants'>): EngineLimits {
  const set = (name: LimitName) => model.constants.find((c) => c.name === name)?.value;
  const number = (name: Exclude<LimitName, 'SESSION_TTL'>): number => {
    const value = set(name);
    return value?.kind === 'number' ? value.value : ENGINE_LIMITS[name].value.value;
  };
  const ttl = set('SESSION_TTL');
  return {
    pageSize: number('PAGE_SIZE'),
    maxPageSize: number('MAX_PAGE_SIZE'),
    maxRequestBytes: number('MAX_REQUEST_BYTES'),
    signInAttemptsPerMinute: number('SIGN_IN_ATTEMPTS_PER_MINUTE'),
    sessionTtlMs:
      ttl?.kind === 'duration' ? ttl.milliseconds : ENGINE_LIMITS.SESSION_TTL.value.milliseconds,
  };
}
