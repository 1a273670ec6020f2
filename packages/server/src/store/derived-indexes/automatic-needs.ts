import { isAutomatic, type AppModel } from '@specrun/model';
import type { IndexNeed } from './index-need.js';

/**
 * What the scheduler's search for due records asks (see scheduler/claim-due.ts): the rows in an
 * automatic transition's From states, in id order. Its When compares instants after a conversion
 * no plain index serves, so the index reaches the rows of the state and the When is tested on
 * those alone, never on the whole table.
 */
export function automaticNeeds(model: AppModel): IndexNeed[] {
  return model.lifecycles.flatMap((lifecycle) =>
    lifecycle.transitions.filter(isAutomatic).map((t) => ({
      entity: lifecycle.entity,
      equal: [lifecycle.field],
      compared: [],
      order: [{ column: 'id', desc: false }],
      why: `the scheduler's search for ${lifecycle.entity}.${t.action}`,
    })),
  );
}
