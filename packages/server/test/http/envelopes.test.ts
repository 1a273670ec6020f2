import type { Shape } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/catalogue/app-error.js';
import { readPayload } from '../../src/calls/read-payload.js';

// The envelopes themselves are @specrun/model's (envelopes/*.test.ts): here, only how the server
// answers a body that does not fit them.
const enveloped: Shape = {
  kind: 'object',
  properties: [
    {
      name: 'ticket',
      optional: false,
      shape: {
        kind: 'object',
        properties: [{ name: 'title', optional: false, shape: { kind: 'field' } }],
      },
    },
  ],
};

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('readPayload', () => {
  it('takes the fields out of their envelope', () => {
    expect(readPayload(enveloped, { ticket: { title: 'Printer' } })).toEqual({ title: 'Printer' });
  });

  it('refuses a body that does not fit as BAD_REQUEST, saying what was expected', () => {
    const error = refusal(() => readPayload(enveloped, { title: 'Printer' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.detail).toContain('{ ticket: { title } }');
    expect(refusal(() => readPayload(undefined, [])).code).toBe('BAD_REQUEST');
  });
});
