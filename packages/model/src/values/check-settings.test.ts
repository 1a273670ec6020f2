import { describe, expect, it } from 'vitest';
import { appModel } from '../test-support/model-parts.js';
import { checkSettingsAt } from './check-settings.js';

describe('the settings of the checks at an instant', () => {
  const late = Date.parse('2025-06-15T23:30:00Z');
  const role = (name: string) => ({ name, description: '', signUp: 'no' as const });

  it('date today in the application’s time zone, with section 6’s roles', () => {
    const model = appModel({
      properties: { timeZone: 'Europe/Paris' },
      roles: [role('agent'), role('customer')],
    });
    expect(checkSettingsAt(model, late)).toEqual({
      today: '2025-06-16',
      timeZone: 'Europe/Paris',
      roles: ['agent', 'customer'],
    });
    expect(checkSettingsAt(model, late, ['agent']).roles).toEqual(['agent']);
  });

  it('date today in UTC without a time zone', () => {
    expect(checkSettingsAt(appModel(), late)).toEqual({ today: '2025-06-15', roles: [] });
  });
});
