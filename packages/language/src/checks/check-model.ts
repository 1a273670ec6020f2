import type { AppModel } from '@specrun/model';
import { checkExpressions } from '../expressions/check-expressions.js';
import { checkValueTypes } from '../expressions/check-value-types.js';
import type { ReadContext } from '../read-context.js';
import { checkApiRoutes } from './check-api-routes.js';
import { checkCallConditions } from './check-call-conditions.js';
import { checkCalls } from './check-calls.js';
import { checkCatalogue } from './check-catalogue.js';
import { checkTextConstants } from './check-text-constants.js';
import { checkDatabaseParts } from './check-database-parts.js';
import { checkEntities } from './check-entities.js';
import { checkFieldPlaceholders } from './check-field-placeholders.js';
import { checkFormFields } from './check-form-fields.js';
import { checkJobsHaveScreens } from './check-jobs-have-screens.js';
import { checkKeyedFields } from './check-keyed-fields.js';
import { checkLifecycles } from './check-lifecycles.js';
import { checkListFilters } from './check-list-filters.js';
import { checkListItems } from './check-list-items.js';
import { checkMemberCalls } from './check-member-calls.js';
import { checkPathAddresses } from './check-path-addresses.js';
import { checkSlugFields } from './check-slug-fields.js';
import { checkAutomatic } from './check-automatic.js';
import { checkPermissions } from './check-permissions.js';
import { checkRoleGrants } from './check-role-grants.js';
import { checkScreens } from './check-screens.js';
import { checkSignUpPayload } from './check-sign-up-payload.js';
import { checkValidation } from './check-validation.js';

/** Runs every cross-reference checker over a model read from a document. */
export function checkModel(model: AppModel, ctx: ReadContext): void {
  checkEntities(model, ctx);
  checkKeyedFields(model, ctx);
  checkSlugFields(model, ctx);
  checkScreens(model, ctx);
  checkLifecycles(model, ctx);
  checkValidation(model, ctx);
  checkPermissions(model, ctx);
  checkCalls(model, ctx);
  checkPathAddresses(model, ctx);
  checkMemberCalls(model, ctx);
  checkSignUpPayload(model, ctx);
  checkCatalogue(model, ctx);
  checkTextConstants(model, ctx);
  // What the application would do at run time, once every name is known to exist.
  const checked = checkExpressions(model, ctx);
  checkValueTypes(checked, model, ctx);
  checkFieldPlaceholders(checked, model, ctx);
  checkFormFields(model, ctx);
  checkApiRoutes(model, ctx);
  checkRoleGrants(model, ctx);
  checkDatabaseParts(model, ctx);
  checkAutomatic(model, ctx);
  checkListFilters(model, ctx);
  checkListItems(model, ctx);
  checkCallConditions(model, ctx);
  checkJobsHaveScreens(model, ctx);
}
