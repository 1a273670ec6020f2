import { describe, expect, it } from 'vitest';
import type { Constant } from '../constants.js';
import { appModel } from '../test-support/model-parts.js';
import { engineLimits } from './engine-limits.js';

const constant = (name: string, value: Constant['value']): Constant => ({
  name,
  value,
  meaning: '',
  engine: true,
  line: 3,
});

describe('the engine limits', () => {
  it('have their defaults when section 9 does not set them', () => {
    expect(engineLimits(appModel())).toEqual({
      pageSize: 25,
      maxPageSize: 100,
      maxExportRows: 10_000,
      maxRequestBytes: 1_000_000,
      signInAttemptsPerMinute: 10,
      signUpAttemptsPerHour: 20,
      minPasswordLength: 15,
      sessionTtlMs: 14 * 24 * 3_600_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 120_000,
      filterBudget: { nodes: 200, nesting: 16, stringOps: 10 },
      maxStatementMs: 5_000,
    });
  });

  it('keep timeouts at a second or more, and headers within the request', () => {
    const model = appModel({
      constants: [
        constant('KEEP_ALIVE_TIMEOUT_SECONDS', { kind: 'number', value: 0 }),
        constant('REQUEST_TIMEOUT_SECONDS', { kind: 'number', value: 2 }),
        constant('HEADERS_TIMEOUT_SECONDS', { kind: 'number', value: 30 }),
      ],
    });
    expect(engineLimits(model)).toMatchObject({
      keepAliveTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      headersTimeoutMs: 2_000,
    });
  });

  it('take the values section 9 sets', () => {
    const model = appModel({
      constants: [
        constant('PAGE_SIZE', { kind: 'number', value: 10 }),
        constant('SIGN_IN_ATTEMPTS_PER_MINUTE', { kind: 'number', value: 3 }),
        constant('SESSION_TTL', { kind: 'duration', milliseconds: 3_600_000, source: '1h' }),
      ],
    });
    expect(engineLimits(model)).toMatchObject({
      pageSize: 10,
      maxPageSize: 100,
      signInAttemptsPerMinute: 3,
      sessionTtlMs: 3_600_000,
    });
  });

  it('keep the default of a limit set to a value of another type', () => {
    const model = appModel({
      constants: [
        constant('MAX_PAGE_SIZE', { kind: 'string', value: 'many' }),
        constant('SESSION_TTL', { kind: 'number', value: 5 }),
      ],
    });
    expect(engineLimits(model)).toMatchObject({
      maxPageSize: 100,
      sessionTtlMs: 14 * 24 * 3_600_000,
    });
  });
});
