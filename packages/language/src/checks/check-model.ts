import type { AppModel } from '@specrun/model';
import { checkExpressions } from '../expressions/check-expressions.js';
import type { ReadContext } from '../read-context.js';
import { checkCalls } from './check-calls.js';
import { checkCatalogue } from './check-catalogue.js';
import { checkEntities } from './check-entities.js';
import { checkLifecycles } from './check-lifecycles.js';
import { checkPermissions } from './check-permissions.js';
import { checkScreens } from './check-screens.js';
import { checkValidation } from './check-validation.js';

/** Runs every cross-reference checker over a model read from a document. */
export function checkModel(model: AppModel, ctx: ReadContext): void {
  checkEntities(model, ctx);
  checkScreens(model, ctx);
  checkLifecycles(model, ctx);
  checkValidation(model, ctx);
  checkPermissions(model, ctx);
  checkCalls(model, ctx);
  checkCatalogue(model, ctx);
  checkExpressions(model, ctx);
}
