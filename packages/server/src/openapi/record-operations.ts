import type { ApiCall, RuleTrigger } from '@specrun/model';
import { callAnswer, callPayload, declaredNote } from './call-shapes.js';
import type { DocumentContext } from './document-context.js';
import { pathParameters } from './path-parameters.js';
import { createRef, pageRef, readRef, recordRef, updateRef } from './entity-schemas.js';
import type { ErrorCase } from './error-responses.js';
import { whereReadsUser } from '../calls/where-reads-user.js';
import {
  declaredListNote,
  declaredListParameters,
  declaredPageLink,
} from './declared-list-parameters.js';
import { includeParameter, listParameters, offersParameter } from './list-parameters.js';
import type { JsonSchema, Reference, ResponseObject } from './openapi-types.js';
import {
  BODY_ERRORS,
  emptyResponse,
  actionsHeader,
  pageActionsHeader,
  etagHeader,
  ifMatchParameter,
  INTERNAL,
  jsonBody,
  jsonResponse,
  locationHeader,
  type DraftOperation,
} from './operation-parts.js';
import { anyoneMay, securityFor } from './security.js';
import { listAnswerSchema } from './shape-schemas.js';
import { EXPORT_TOO_LARGE, withCsvAnswer } from './export-parameters.js';

type RecordKind = 'list' | 'get' | 'create' | 'update' | 'delete';

const pascal = (kebab: string) =>
  kebab.replace(/(^|-)([a-z0-9])/g, (_whole, _dash, letter: string) => letter.toUpperCase());

const UNIQUE_RACE = 'A unique value was written by someone else in the meantime.';
const REFUSED: ErrorCase[] = [{ code: 'UNAUTHENTICATED' }, { code: 'FORBIDDEN' }];

function sectionFive(ctx: DocumentContext, entity: string, on: RuleTrigger): ErrorCase[] {
  return ctx.model.rules
    .filter((r) => r.entity === entity && r.on.includes(on))
    .map((r) => ({ code: r.error, when: `Section 5: \`${r.rule.source}\` must hold.` }));
}

/** One record answered with its ETag (and Location when created), or 204 if a call answers none. */
function recordAnswer(
  ctx: DocumentContext,
  call: ApiCall,
  schema: JsonSchema | undefined,
  status: '200' | '201',
  what: string,
): Record<string, ResponseObject> {
  if (!schema) return { '204': emptyResponse(`${what}; the call answers nothing.`) };
  const headers: Record<string, Reference> = {
    ETag: etagHeader(ctx),
    'Specrun-Actions': actionsHeader(ctx),
  };
  const entity = 'entity' in call.operation ? call.operation.entity : '';
  // http/record-location.ts: a created record's Location is the path of the entity's get call.
  const readable = ctx.calls.some(
    (c) => c.operation.kind === 'get' && c.operation.entity === entity,
  );
  if (status === '201' && readable) headers.Location = locationHeader(ctx);
  return { [status]: jsonResponse(what, schema, headers) };
}

/** A list's answer: `{ items, nextCursor }`, or the declared shape around the same records. */
function listAnswer(
  ctx: DocumentContext,
  call: ApiCall,
  name: string,
): Record<string, ResponseObject> {
  const what = `A page of ${name} records.`;
  if (call.line === undefined) return { '200': jsonResponse(what, pageRef(ctx, name)) };
  if (!call.response) return { '204': emptyResponse(`${what} The call answers nothing.`) };
  const schema = listAnswerSchema(ctx, call, call.response);
  // http/list-handler.ts: the records' actions go aside, the declared shape having no room.
  const actions = { 'Specrun-Page-Actions': pageActionsHeader(ctx) };
  if (call.parameters) {
    const link = declaredPageLink(ctx, call, call.response.kind === 'entity');
    return { '200': jsonResponse(what, schema, link ? { Link: link, ...actions } : actions) };
  }
  if (call.response.kind !== 'entity') return { '200': jsonResponse(what, schema, actions) };
  // A bare array has nowhere to carry the cursor: http/list-handler.ts sends it as a Link.
  const link = ctx.components.header('Link', () => ({
    description: 'The next page, as `<path?cursor=...>; rel="next"`; absent on the last page.',
    schema: { type: 'string' },
  }));
  return { '200': jsonResponse(what, schema, { Link: link, ...actions }) };
}

/** The operations of the default REST API and their declared forms: list, get, create, update, delete. */
export function recordOperation(
  ctx: DocumentContext,
  call: ApiCall,
  kind: RecordKind,
  name: string,
): DraftOperation {
  const entity = ctx.entity(name);
  const about = entity.description ? ` ${entity.description}` : '';
  const note = declaredNote(call);
  const action = kind === 'list' || kind === 'get' ? 'read' : kind;
  const security = securityFor(anyoneMay(ctx.model, name, action) ? 'optional' : 'signed-in');
  const id = pathParameters(ctx, call);
  const base = { tag: name };
  switch (kind) {
    case 'list':
      return {
        ...base,
        id: `list${pascal(entity.plural)}`,
        operation: {
          summary: `List ${name} records`,
          description: `The ${name} records the caller may read, a page at a time, filtered and sorted in the database. Unknown query parameters are refused.${declaredListNote(call)}${about}${note}`,
          security: whereReadsUser(ctx.model, call) ? securityFor('signed-in') : security,
          parameters: [
            ...id,
            ...(declaredListParameters(ctx, call) ?? listParameters(ctx, name, call)),
          ],
        },
        // A list taking the engine's parameters also exports (http/csv-export.ts).
        success: call.parameters
          ? listAnswer(ctx, call, name)
          : withCsvAnswer(listAnswer(ctx, call, name), entity),
        errors: [
          { code: 'BAD_REQUEST' },
          ...(call.parameters ? [] : [EXPORT_TOO_LARGE]),
          ...REFUSED,
          INTERNAL,
        ],
      };
    case 'get': {
      const include = includeParameter(ctx, name);
      return {
        ...base,
        id: `get${name}`,
        operation: {
          summary: `Read a ${name}`,
          description: `One ${name}, with the fields the caller may read. A record the caller may not read is answered as not found.${about}${note}`,
          security,
          parameters: [...id, ...(include ? [include] : []), offersParameter(name)],
        },
        success: recordAnswer(
          ctx,
          call,
          callAnswer(ctx, call, () => readRef(ctx, name)),
          '200',
          `The ${name}.`,
        ),
        errors: [{ code: 'BAD_REQUEST' }, { code: 'NOT_FOUND' }, INTERNAL],
      };
    }
    case 'create':
      return {
        ...base,
        id: `create${name}`,
        operation: {
          summary: `Create a ${name}`,
          description: `Creates a ${name} from the fields sent, defaults applied; every field check and rule of section 5 is reported at once, and nothing is saved unless all hold.${about}${note}`,
          security,
          parameters: id,
          requestBody: jsonBody(
            callPayload(ctx, call, () => createRef(ctx, name)),
            true,
            `The new ${name}.`,
          ),
        },
        success: recordAnswer(
          ctx,
          call,
          callAnswer(ctx, call, () => recordRef(ctx, name)),
          '201',
          `The ${name} created.`,
        ),
        errors: [
          ...BODY_ERRORS,
          ...REFUSED,
          { code: 'CONFLICT', when: UNIQUE_RACE },
          { code: 'ALREADY_TAKEN' },
          { code: 'VALIDATION_FAILED' },
          ...sectionFive(ctx, name, 'create'),
          INTERNAL,
        ],
      };
    case 'update':
      return {
        ...base,
        id: `update${name}`,
        operation: {
          summary: `Change a ${name}`,
          description: `Changes the fields sent, and only those. Send the record's ETag in \`If-Match\` so that a change made meanwhile by someone else is not overwritten; without it the change applies to the current version.${about}${note}`,
          security,
          parameters: [...id, ifMatchParameter(ctx)],
          requestBody: jsonBody(
            callPayload(ctx, call, () => updateRef(ctx, name)),
            true,
            `The fields of the ${name} that change.`,
          ),
        },
        success: recordAnswer(
          ctx,
          call,
          callAnswer(ctx, call, () => recordRef(ctx, name)),
          '200',
          `The ${name} as saved.`,
        ),
        errors: [
          ...BODY_ERRORS,
          ...REFUSED,
          { code: 'NOT_FOUND' },
          { code: 'CONFLICT', when: UNIQUE_RACE },
          { code: 'CONFLICT', status: 412 },
          { code: 'ALREADY_TAKEN' },
          { code: 'VALIDATION_FAILED' },
          ...sectionFive(ctx, name, 'update'),
          INTERNAL,
        ],
      };
    case 'delete': {
      // A declared delete with a Response answers the record as it was (http/delete-handler.ts).
      const before = call.line !== undefined && call.response !== undefined;
      return {
        ...base,
        id: `delete${name}`,
        operation: {
          summary: `Delete a ${name}`,
          description: `Deletes a ${name}. With \`If-Match\`, only that version. A record other records still refer to is not deleted: the answer names them.${about}${note}`,
          security,
          parameters: [...id, ifMatchParameter(ctx)],
        },
        success: before
          ? recordAnswer(
              ctx,
              call,
              callAnswer(ctx, call, () => undefined),
              '200',
              `The ${name} as it was.`,
            )
          : { '204': emptyResponse(`The ${name} is deleted.`) },
        errors: [
          { code: 'BAD_REQUEST' },
          ...REFUSED,
          { code: 'NOT_FOUND' },
          { code: 'IN_USE', when: 'Other records still refer to it; the detail names them.' },
          { code: 'CONFLICT', status: 412 },
          // Rules on delete: one failing answers its code, several VALIDATION_FAILED.
          ...sectionFive(ctx, name, 'delete'),
          ...(sectionFive(ctx, name, 'delete').length > 1 ? [{ code: 'VALIDATION_FAILED' }] : []),
          INTERNAL,
        ],
      };
    }
  }
}
