import type { AppModel } from '@specrun/model';
import { automaticNeeds } from './automatic-needs.js';
import { countNeeds } from './count-needs.js';
import type { IndexNeed } from './index-need.js';
import { listNeeds } from './list-needs.js';

/** What the application's lists, counts and scheduler ask of its tables (see docs/decisions.md, "Indexes"). */
export function indexNeeds(model: AppModel): IndexNeed[] {
  return [...listNeeds(model), ...countNeeds(model), ...automaticNeeds(model)];
}
