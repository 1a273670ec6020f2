import { dateIn, type CheckSettings } from '@specrun/model';
import type { PreparedApp } from '../app/prepared-app.js';
import type { PreparedEntity } from './prepared-entity.js';

/** The checks' view of one request's instant. */
export function checkSettings(app: PreparedApp, now: Date): CheckSettings {
  const timeZone = app.model.properties.timeZone;
  const settings: CheckSettings = { today: dateIn(now.getTime(), timeZone), roles: app.roles };
  if (timeZone !== undefined) settings.timeZone = timeZone;
  return settings;
}

/** The fields a create checks: every field a caller or a default gives a value. */
export function inputFields(prepared: PreparedEntity): string[] {
  return [...prepared.fields.values()].filter((p) => p.input).map((p) => p.field.name);
}
