import { screenOrder, type AppModel, type Entity, type Field } from '@specrun/model';
import { fieldsOnEveryRecord, readableFields } from '../../model/access.js';
import type { AppScreen } from '../../model/screens.js';
import { fallbackSort } from './list-columns.js';

/**
 * The sort a list screen asks for when the reader has chosen none: soonest first when its filter
 * keeps what is to come (`record.startsAt > now`, see screenOrder) and the reader may sort by that
 * date (they read it on every record they may read), else newest first (the API's own default,
 * or what stands for it, see fallbackSort). The server indexes exactly this order.
 */
export function defaultListSort(
  model: AppModel,
  roles: readonly string[],
  entity: Entity,
  screen: AppScreen,
  columns: readonly Field[],
): string | undefined {
  const soonest = screenOrder(entity, screen.filter?.source);
  if (soonest && fieldsOnEveryRecord(model, roles, entity).has(soonest.field)) return soonest.field;
  return fallbackSort(model, roles, readableFields(model, roles, entity), columns);
}
