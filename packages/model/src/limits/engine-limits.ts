import type { AppModel } from '../app-model.js';
import type { ConstantValue } from '../constants.js';
import { MIN_PASSWORD_LENGTH } from '../values/password-lengths.js';

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
  MAX_EXPORT_ROWS: {
    value: { kind: 'number', value: 10_000 },
    meaning: 'The most records one CSV export of a list may hold',
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
} satisfies Record<string, EngineLimitDefault>;

/** The engine's limits as a model sets them, each with its default. */
export interface EngineLimits {
  /** Rows per page in lists, when a request does not say (PAGE_SIZE). */
  pageSize: number;
  /** The most rows one list request may ask for (MAX_PAGE_SIZE). */
  maxPageSize: number;
  /** The most records one CSV export of a list may hold (MAX_EXPORT_ROWS). */
  maxExportRows: number;
  /** The largest request body accepted, in bytes; it bounds an uploaded file (MAX_REQUEST_BYTES). */
  maxRequestBytes: number;
  /** Sign-in attempts allowed per address and per account in any minute. */
  signInAttemptsPerMinute: number;
  /** Sign-up attempts allowed per address in any hour (SIGN_UP_ATTEMPTS_PER_HOUR). */
  signUpAttemptsPerHour: number;
  /** The fewest characters a new password may have (MIN_PASSWORD_LENGTH). */
  minPasswordLength: number;
  /** How long a session lasts without signing in again, in milliseconds (SESSION_TTL). */
  sessionTtlMs: number;
  /** To send a request's headers, in ms (Node's headersTimeout): a slowloris is cut off here. */
  headersTimeoutMs: number;
  /** To send a whole request, body included, in ms (requestTimeout). */
  requestTimeoutMs: number;
  /** Idle between two requests of a kept-alive connection, in ms (keepAliveTimeout). */
  keepAliveTimeoutMs: number;
  /** Without a byte either way while a request is served, in ms (the socket's timeout). */
  idleTimeoutMs: number;
  /** What one list filter may ask of the database, checked when it is compiled. */
  filterBudget: FilterBudget;
  /** The longest one statement may run, in milliseconds (MAX_STATEMENT_MS). */
  maxStatementMs: number;
}

/** What one list filter may ask of the database, checked when it is compiled. */
export interface FilterBudget {
  /** MAX_FILTER_NODES: names, literals, operators and calls. */
  nodes: number;
  /** MAX_FILTER_NESTING: how deeply its parts nest. */
  nesting: number;
  /** MAX_FILTER_STRING_OPS: string joins (`+`) and searches (`contains`...). */
  stringOps: number;
}

type TimeoutName =
  | 'HEADERS_TIMEOUT_SECONDS'
  | 'REQUEST_TIMEOUT_SECONDS'
  | 'KEEP_ALIVE_TIMEOUT_SECONDS'
  | 'IDLE_TIMEOUT_SECONDS';

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
  // There is no "off": a timeout below a second would cut off every client, so it is a second.
  const milliseconds = (name: TimeoutName) => Math.max(1000, Math.round(number(name) * 1000));
  const requestTimeoutMs = milliseconds('REQUEST_TIMEOUT_SECONDS');
  const ttl = set('SESSION_TTL');
  return {
    pageSize: number('PAGE_SIZE'),
    maxPageSize: number('MAX_PAGE_SIZE'),
    maxExportRows: number('MAX_EXPORT_ROWS'),
    maxRequestBytes: number('MAX_REQUEST_BYTES'),
    signInAttemptsPerMinute: number('SIGN_IN_ATTEMPTS_PER_MINUTE'),
    signUpAttemptsPerHour: number('SIGN_UP_ATTEMPTS_PER_HOUR'),
    minPasswordLength: number('MIN_PASSWORD_LENGTH'),
    sessionTtlMs:
      ttl?.kind === 'duration' ? ttl.milliseconds : ENGINE_LIMITS.SESSION_TTL.value.milliseconds,
    // Headers are part of the request: Node refuses a headers timeout longer than the request's.
    headersTimeoutMs: Math.min(milliseconds('HEADERS_TIMEOUT_SECONDS'), requestTimeoutMs),
    requestTimeoutMs,
    keepAliveTimeoutMs: milliseconds('KEEP_ALIVE_TIMEOUT_SECONDS'),
    idleTimeoutMs: milliseconds('IDLE_TIMEOUT_SECONDS'),
    filterBudget: {
      nodes: number('MAX_FILTER_NODES'),
      nesting: number('MAX_FILTER_NESTING'),
      stringOps: number('MAX_FILTER_STRING_OPS'),
    },
    maxStatementMs: number('MAX_STATEMENT_MS'),
  };
}
