import type { AppModel } from '../app-model.js';
import { dateIn } from '../dates/zone-dates.js';
import type { CheckSettings } from './check-fields.js';

/**
 * What the checks need of one instant: today in the application's time zone, and the role names
 * `roles` may hold (section 6's, unless worked out once already and given).
 */
export function checkSettingsAt(
  model: Pick<AppModel, 'properties' | 'roles'>,
  ms: number,
  roles: string[] = model.roles.map((r) => r.name),
): CheckSettings {
  const timeZone = model.properties.timeZone;
  const settings: CheckSettings = { today: dateIn(ms, timeZone), roles };
  if (timeZone !== undefined) settings.timeZone = timeZone;
  return settings;
}
