import { describe, expect, it } from 'vitest';
import type { AppModel } from '../app-model.js';
import { fillConstants, constantTexts, withConstantsFilled } from './constants-in-texts.js';

const declared = { meaning: '', engine: false };
const model = {
  description: 'Call {EMERGENCY_PHONE} at any hour.',
  constants: [
    { name: 'EMERGENCY_PHONE', value: { kind: 'string', value: '0800 123 456' }, ...declared },
    { name: 'FEE', value: { kind: 'money', amount: '25.00', currency: 'EUR' }, ...declared },
    {
      name: 'NOTICE',
      value: { kind: 'duration', source: '24h', milliseconds: 86_400_000 },
      ...declared,
    },
  ],
  screens: [
    { route: '/', name: 'Home', kind: 'dashboard', who: [], derived: false, text: 'Fee {FEE}' },
    { route: '/help', name: 'Help', kind: 'page', who: [], derived: false },
  ],
  entities: [
    {
      name: 'Visit',
      plural: 'visits',
      description: 'Cancel {NOTICE} ahead; {field} and {UNKNOWN} stay.',
      builtin: false,
      fields: [
        { name: 'at', type: { kind: 'datetime' }, required: true, rules: [], builtin: false },
        {
          name: 'fee',
          type: { kind: 'money' },
          required: false,
          rules: [],
          builtin: false,
          description: 'At least {FEE}; pages at most {MAX_PAGE_SIZE}.',
        },
      ],
    },
  ],
} as unknown as AppModel;

describe('constants in texts people read', () => {
  it('fills each known {NAME} with its value as section 9 writes it, and leaves the rest', () => {
    const values = constantTexts(model);
    expect(fillConstants('{FEE} or {NOTICE}, {nope} {UNKNOWN}', values)).toBe(
      '25.00 EUR or 24h, {nope} {UNKNOWN}',
    );
  });

  it('fills the description, the screens’ texts and the entities’ and fields’ descriptions', () => {
    const shown = withConstantsFilled(model);
    expect(shown.description).toBe('Call 0800 123 456 at any hour.');
    expect(shown.screens.map((s) => s.text)).toEqual(['Fee 25.00 EUR', undefined]);
    const visit = shown.entities[0]!;
    expect(visit.description).toBe('Cancel 24h ahead; {field} and {UNKNOWN} stay.');
    expect(visit.fields.map((f) => f.description)).toEqual([
      undefined,
      'At least 25.00 EUR; pages at most 100.',
    ]);
    expect(model.description).toBe('Call {EMERGENCY_PHONE} at any hour.');
  });
});
