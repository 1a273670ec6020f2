import type { Transition, ApiCall } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import { pathParameters } from './path-parameters.js';
import { recordRef } from './entity-schemas.js';
import type { ErrorCase } from './error-responses.js';
import type { JsonSchema } from './openapi-types.js';
import {
  BODY_ERRORS,
  cursorParameter,
  emptyResponse,
  actionsHeader,
  etagHeader,
  ifMatchParameter,
  INTERNAL,
  jsonBody,
  NEXT_CURSOR,
  jsonResponse,
  type DraftOperation,
} from './operation-parts.js';
import { callAnswer, declaredNote } from './call-shapes.js';
import { limitParameter } from './list-parameters.js';
import { anyoneMay, securityFor } from './security.js';
import { shapeSchema } from './shape-schemas.js';
import { transitionInputNames, transitionInputSchema } from './transition-inputs.js';

const list = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');

function rowText(row: Transition): string {
  const parts = [`From ${list(row.from)} to \`${row.to}\`, by ${list(row.who)}`];
  if (row.when)
    parts.push(
      `when \`${row.when.source}\` holds (else \`${row.error ?? 'TRANSITION_NOT_ALLOWED'}\`)`,
    );
  if (row.sets.length > 0)
    parts.push(`setting ${row.sets.map((s) => `\`${s.field} = ${s.value.source}\``).join(', ')}`);
  return `${parts.join('; ')}.`;
}

function historyEntryRef(ctx: DocumentContext) {
  return ctx.components.schema(ctx.engineSchema('HistoryEntry'), () => ({
    type: 'object',
    description:
      'One change of a record: an update or a transition, who made it, when, and the fields it changed.',
    required: [
      'id',
      'recordId',
      'action',
      'fromState',
      'toState',
      'input',
      'changes',
      'byUser',
      'at',
    ],
    properties: {
      id: { type: 'string', description: "The entry's id." },
      recordId: { type: 'string', description: 'The id of the record.' },
      action: { type: 'string', description: 'The action taken.' },
      fromState: {
        type: ['string', 'null'],
        description: 'The state before; null for a reader who may not read the state.',
      },
      toState: {
        type: ['string', 'null'],
        description: 'The state after; null for a reader who may not read the state.',
      },
      input: {
        description:
          'The payload the action was taken with, without the inputs that feed fields the reader may not read.',
      },
      changes: {
        type: ['array', 'null'],
        description:
          'The fields it changed that the reader may read, each with its value before and after (a file by its name); null on entries recorded before changes were kept. An update none of whose changes the reader may read is not listed.',
        items: {
          type: 'object',
          required: ['field', 'from', 'to'],
          properties: {
            field: { type: 'string', description: "The field's name." },
            from: { description: 'Its value before; null for none.' },
            to: { description: 'Its value after; null for none.' },
          },
        },
      },
      byUser: {
        type: ['string', 'null'],
        description:
          'The id of the User who took it; null when nobody was signed in, the reader may not read that User, or the system took an automatic transition (`Who: system`).',
      },
      at: { type: 'string', format: 'date-time', description: 'When.' },
    },
  }));
}

/** GET /api/<plural>/:id/history: the record's history, for whoever may read the record. */
export function historyOperation(
  ctx: DocumentContext,
  call: ApiCall,
  name: string,
): DraftOperation {
  const page = ctx.components.schema(ctx.engineSchema('HistoryPage'), () => ({
    type: 'object',
    description: "One page of a record's history, oldest first.",
    required: ['items'],
    properties: {
      items: { type: 'array', items: historyEntryRef(ctx) },
      nextCursor: NEXT_CURSOR,
    },
  }));
  return {
    id: `get${name}History`,
    tag: name,
    operation: {
      summary: `History of a ${name}`,
      description: `Who took which action on the ${name}, and when. Answered to whoever may read the record.`,
      security: securityFor(anyoneMay(ctx.model, name, 'read') ? 'optional' : 'signed-in'),
      parameters: [...pathParameters(ctx, call), limitParameter(ctx), cursorParameter(ctx)],
    },
    success: { '200': jsonResponse(`The ${name}'s history.`, page) },
    errors: [{ code: 'BAD_REQUEST' }, { code: 'NOT_FOUND' }, INTERNAL],
  };
}

/** The default payload of a transition: the properties of `input` its guards and Sets read. */
function defaultInput(ctx: DocumentContext, name: string, action: string): JsonSchema | undefined {
  const entity = ctx.entity(name);
  const names = transitionInputNames(ctx.model, entity, action);
  if (names.length === 0) return undefined;
  const properties = Object.fromEntries(
    names.map((n) => [n, transitionInputSchema(ctx.model, entity, action, n)]),
  );
  return { type: 'object', description: `The \`input\` of \`${action}\`.`, properties };
}

/** POST /api/<plural>/:id/<action>: takes a lifecycle action on a record (section 4). */
export function transitionOperation(
  ctx: DocumentContext,
  call: ApiCall,
  name: string,
  action: string,
): DraftOperation {
  const lifecycle = ctx.model.lifecycles.find((l) => l.entity === name);
  const rows = lifecycle?.transitions.filter((t) => t.action === action) ?? [];
  const anyone = rows.some((r) => r.who.includes('anyone')) && anyoneMay(ctx.model, name, action);
  // A declared call takes exactly its Payload; a default one, what the guards and Sets read.
  const input =
    call.line === undefined
      ? defaultInput(ctx, name, action)
      : call.payload && shapeSchema(ctx, call, call.payload, 'payload');
  const response = callAnswer(ctx, call, () => recordRef(ctx, name));
  const guards: ErrorCase[] = rows
    .filter((r) => r.when)
    .map((r) => ({
      code: r.error ?? 'TRANSITION_NOT_ALLOWED',
      when: `The guard \`${r.when!.source}\` does not hold.`,
    }));
  const capital = action.charAt(0).toUpperCase() + action.slice(1);
  const draft: DraftOperation = {
    id: `${action}${name}`,
    tag: name,
    operation: {
      summary: `${capital} a ${name}`,
      description: `${rows.map(rowText).join(' ')} The change is recorded in the record's history.${declaredNote(call)}`,
      security: securityFor(anyone ? 'optional' : 'signed-in'),
      parameters: [...pathParameters(ctx, call), ifMatchParameter(ctx)],
    },
    success: response
      ? {
          '200': jsonResponse(`The ${name} after \`${action}\`.`, response, {
            ETag: etagHeader(ctx),
            'Specrun-Actions': actionsHeader(ctx),
          }),
        }
      : { '204': emptyResponse(`The ${name} took \`${action}\`.`) },
    errors: [
      ...BODY_ERRORS,
      { code: 'UNAUTHENTICATED' },
      { code: 'FORBIDDEN' },
      { code: 'NOT_FOUND' },
      { code: 'TRANSITION_NOT_ALLOWED' },
      { code: 'CONFLICT', when: 'Another change of the record was saved first.' },
      { code: 'CONFLICT', status: 412 },
      ...guards,
      {
        code: 'VALIDATION_FAILED',
        when: 'A value the action sets does not fit its field, or the input alone fails a guard that names no Error (each item at its input).',
      },
      INTERNAL,
    ],
  };
  if (input)
    draft.operation.requestBody = jsonBody(
      input,
      call.payload !== undefined,
      `The \`input\` of \`${action}\`.`,
    );
  return draft;
}
