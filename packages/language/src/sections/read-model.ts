import { MODEL_VERSION, type AppModel } from '@specrun/model';
import type { At } from '../diagnostics/diagnostic-bag.js';
import type { ReadContext } from '../read-context.js';
import { readCallAccess } from './calls/read-call-access.js';
import { readCalls } from './calls/read-calls.js';
import { readCatalogue } from './catalogue/read-catalogue.js';
import { errorBodyOf } from './catalogue/read-error-body.js';
import { readConstants } from './constants/read-constants.js';
import { readEntities } from './entities/read-entities.js';
import { readLifecycles } from './lifecycles/read-lifecycles.js';
import { readPermissions } from './permissions/read-permissions.js';
import { readProduct } from './product/read-product.js';
import type { ReadSection } from './read-sections.js';
import { deriveScreens } from './screens/derive-screens.js';
import { readScreens } from './screens/read-screens.js';
import { readValidation } from './validation/read-validation.js';

/** The body of a specified section, or undefined when it is unspecified or missing. */
const bodyOf = (read: ReadSection): ReadSection['body'] | undefined =>
  read.section.status === 'specified' ? read.body : undefined;

/** Warns on a specified section that holds no table, so it declares nothing. */
function expectTable(read: ReadSection, ctx: ReadContext): void {
  const { section, body } = read;
  if (
    section.status !== 'specified' ||
    section.number === 1 ||
    body.some((n) => n.type === 'table')
  )
    return;
  const at: At = { line: section.line ?? 1, column: 1 };
  ctx.bag.warning(
    'missing-table',
    at,
    `Section ${section.number}, "${section.title}", has prose but no table, so it declares nothing.`,
    'add its table, or say that the matter is not specified',
  );
}

/** Reads the nine sections into a model, using the engine's defaults for unspecified ones. */
export function readModel(
  title: { title: string; name: string },
  sections: readonly ReadSection[],
  ctx: ReadContext,
): AppModel {
  const [
    product,
    screens,
    entities,
    lifecycles,
    validation,
    permissions,
    calls,
    errors,
    constants,
  ] = sections as [
    ReadSection,
    ReadSection,
    ReadSection,
    ReadSection,
    ReadSection,
    ReadSection,
    ReadSection,
    ReadSection,
    ReadSection,
  ];
  sections.forEach((read) => expectTable(read, ctx));
  const at = (read: ReadSection): At => ({ line: read.section.line ?? 1, column: 1 });
  const about = readProduct(bodyOf(product) ?? [], ctx);
  const entityList = readEntities(bodyOf(entities) ?? [], at(entities), ctx);
  const { roles, permissions: rows } = readPermissions(bodyOf(permissions), ctx);
  const screensBody = bodyOf(screens);
  const access = readCallAccess(bodyOf(calls) ?? [], ctx);
  return {
    modelVersion: MODEL_VERSION,
    name: about.name ?? title.name,
    title: title.title,
    description: about.description,
    properties: about.properties,
    sections: sections.map((s) => s.section),
    screens: screensBody ? readScreens(screensBody, ctx) : deriveScreens(entityList),
    entities: entityList,
    lifecycles: readLifecycles(bodyOf(lifecycles) ?? [], at(lifecycles), entityList, ctx),
    rules: readValidation(bodyOf(validation) ?? [], ctx),
    roles,
    permissions: rows,
    calls: readCalls(bodyOf(calls) ?? [], ctx, entityList),
    catalogue: readCatalogue(bodyOf(errors), ctx),
    ...errorBodyOf(bodyOf(errors), ctx),
    constants: readConstants(bodyOf(constants), ctx),
    ...(access ? { access } : {}),
  };
}
