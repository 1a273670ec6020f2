import { describe, expect, it } from 'vitest';
import { appModel } from '../test-support/model-parts.js';
import { Catalogue, fieldParams } from './catalogue.js';

const model = appModel({
  catalogue: [
    { code: 'VALIDATION_FAILED', status: 422, message: 'Please check {field}.', engine: true },
    {
      code: 'TOO_LATE',
      status: 409,
      message: 'Cancel at least {NOTICE} before, {who}.',
      engine: false,
    },
    { code: 'OVER_CAP', status: 409, message: 'At most {CAP} ({UNKNOWN}).', engine: false },
  ],
  constants: [
    {
      name: 'NOTICE',
      value: { kind: 'duration', milliseconds: 86_400_000, source: '24h' },
      meaning: '',
      engine: false,
    },
    {
      name: 'CAP',
      value: { kind: 'money', amount: '25.00', currency: 'EUR' },
      meaning: '',
      engine: false,
    },
  ],
});
const catalogue = new Catalogue(model);

describe('the error catalogue', () => {
  it('fills constants as section 9 writes them, and parameters given', () => {
    expect(catalogue.find('TOO_LATE', { who: 'Ann' })).toEqual({
      code: 'TOO_LATE',
      status: 409,
      message: 'Cancel at least 24h before, Ann.',
    });
    expect(catalogue.find('OVER_CAP')?.message).toBe('At most 25.00 EUR ({UNKNOWN}).');
  });

  it('says "the values" for a {field} of no one field', () => {
    expect(catalogue.find('VALIDATION_FAILED')?.message).toBe('Please check the values.');
    expect(catalogue.find('VALIDATION_FAILED', { field: 'title' })?.message).toBe(
      'Please check title.',
    );
  });

  it('keeps the engine’s codes, messages and limits that sections 8 and 9 do not set', () => {
    expect(catalogue.find('FORBIDDEN')).toEqual({
      code: 'FORBIDDEN',
      status: 403,
      message: 'You do not have permission to do that.',
    });
    expect(new Catalogue(appModel()).find('PAYLOAD_TOO_LARGE')?.message).toBe(
      'The request is larger than 1000000 bytes.',
    );
  });

  it('tells an engine code that section 8 rewords from one left as the engine words it', () => {
    const withDefaults = new Catalogue(
      appModel({
        catalogue: [
          { code: 'NOT_FOUND', status: 404, message: 'That could not be found.', engine: true },
          { code: 'FORBIDDEN', status: 403, message: 'Not for you.', engine: true },
        ],
      }),
    );
    expect(withDefaults.rewords('FORBIDDEN')).toBe(true);
    expect(withDefaults.rewords('NOT_FOUND')).toBe(false);
    expect(catalogue.rewords('VALIDATION_FAILED')).toBe(true);
    expect(catalogue.rewords('TOO_LATE')).toBe(false);
  });

  it('knows no code nobody defines, and resolves it as INTERNAL', () => {
    expect(catalogue.find('NO_SUCH_CODE')).toBeUndefined();
    expect(catalogue.resolve('NO_SUCH_CODE')).toMatchObject({ code: 'INTERNAL', status: 500 });
  });

  it('names the fields concerned in prose', () => {
    expect(fieldParams([])).toEqual({});
    expect(fieldParams(['a'])).toEqual({ field: 'a' });
    expect(fieldParams(['a', 'b'])).toEqual({ field: 'a and b' });
    expect(fieldParams(['a', 'b', 'c'])).toEqual({ field: 'a, b and c' });
  });
});
