import type { AppModel } from '../app-model.js';
import { peopleActions } from '../automatic-transitions.js';
import type { Expression } from '../expression.js';
import type { CallParameter } from './call-parameters.js';
import type { Call, HttpMethod, Operation, Shape } from './call.js';
import { answeredEntity } from './answered-entity.js';
import type { SuccessStatus } from './success-status.js';

/** What a served call does: the operations of section 7, plus two the engine always offers. */
export type ApiOperation =
  Operation | { kind: 'change-password' } | { kind: 'history'; entity: string };

/** The kinds of operation a call can do: `list`, `transition`, `sign-in`, `history`... */
export type ApiOperationKind = ApiOperation['kind'];

/**
 * One call the API serves: declared in section 7, or from the default REST API when section 7
 * is unspecified. Paths use `:id` for the record's id, as in the document and in Fastify.
 */
export interface ApiCall {
  method: HttpMethod;
  path: string;
  operation: ApiOperation;
  /** The declared payload shape; absent for default calls, which take the fields themselves. */
  payload?: Shape;
  /** The declared response shape; absent for default calls, which answer the record itself. */
  response?: Shape;
  /** A declared list's fixed condition. */
  where?: Expression;
  /** A declared list's query parameters: when present, the only ones it takes. */
  parameters?: CallParameter[];
  /** The declared success status; absent: the engine's (successStatus). */
  status?: SuccessStatus;
  /** The section 7 row it comes from; absent for default calls. */
  line?: number;
}

const entity = (kind: 'list' | 'get' | 'create' | 'update' | 'delete', name: string) =>
  ({ kind, entity: name }) as const;

/** The default REST API of one entity (docs/spec-language.md, "The default REST API"). */
function entityCalls(model: AppModel, name: string, plural: string): ApiCall[] {
  const base = `/api/${plural}`;
  const calls: ApiCall[] = [
    { method: 'GET', path: base, operation: entity('list', name) },
    { method: 'POST', path: base, operation: entity('create', name) },
    { method: 'GET', path: `${base}/:id`, operation: entity('get', name) },
    { method: 'PATCH', path: `${base}/:id`, operation: entity('update', name) },
    { method: 'DELETE', path: `${base}/:id`, operation: entity('delete', name) },
    { method: 'GET', path: `${base}/:id/history`, operation: { kind: 'history', entity: name } },
  ];
  const lifecycle = model.lifecycles.find((l) => l.entity === name);
  // An automatic transition is the engine's alone: it has no route.
  for (const action of peopleActions(lifecycle)) {
    calls.push({
      method: 'POST',
      path: `${base}/:id/${action}`,
      operation: { kind: 'transition', entity: name, action },
    });
  }
  return calls;
}

/** The account calls served when section 7 is unspecified. */
const ACCOUNT_CALLS: readonly ApiCall[] = [
  { method: 'POST', path: '/api/sign-up', operation: { kind: 'sign-up' } },
  { method: 'POST', path: '/api/sign-in', operation: { kind: 'sign-in' } },
  { method: 'POST', path: '/api/sign-out', operation: { kind: 'sign-out' } },
  { method: 'GET', path: '/api/me', operation: { kind: 'me' } },
  { method: 'POST', path: '/api/me/password', operation: { kind: 'change-password' } },
];

function declared(call: Call): ApiCall {
  const out: ApiCall = {
    method: call.method,
    path: call.path,
    operation: call.operation,
    line: call.line,
  };
  if (call.payload) out.payload = call.payload;
  if (call.response) out.response = call.response;
  if (call.where) out.where = call.where;
  if (call.parameters) out.parameters = call.parameters;
  if (call.status) out.status = call.status;
  // A declared 200 or 201 with no Response shape answers the record (or user) itself.
  const answered = call.status && call.status !== 204 && !call.response && answeredEntity(call);
  if (answered)
    out.response = { kind: 'entity', entity: answered, list: call.operation.kind === 'list' };
  return out;
}

/**
 * The engine's own history call of each entity beside a declared API: the history is kept
 * whatever section 7 says, and the record's page shows it. Under `/api/_history`, with the
 * engine's other `_` routes, so that no path a client's API could declare is taken; addressed as
 * the entity's declared get call addresses the record (`/api/talks/:code` gives
 * `/api/_history/talks/:code`), so that the page asks for it by the handle it has.
 */
function engineHistories(model: AppModel): ApiCall[] {
  return model.entities.map((e) => {
    const get = model.calls.find(
      (c) => c.operation.kind === 'get' && c.operation.entity === e.name,
    );
    const address = get ? get.path.replace(/^\/api(?=\/)/, '') : `/${e.plural}/:id`;
    return {
      method: 'GET',
      path: `/api/_history${address}`,
      operation: { kind: 'history', entity: e.name },
    };
  });
}

/**
 * Every call the application serves besides `/api/_model`, `/api/_health` and
 * `/openapi.json`: section 7's rows when it is specified (and, unless it declares a history of
 * its own, the engine's history of each entity), else the default REST API of every entity
 * (User included) and the account calls. The server routes and documents these calls, and the
 * web app makes them: one table, so the two cannot disagree.
 */
export function apiCalls(model: AppModel): ApiCall[] {
  const section = model.sections.find((s) => s.key === 'calls');
  if (section?.status === 'specified')
    return [...model.calls.map(declared), ...engineHistories(model)];
  const calls: ApiCall[] = [];
  for (const e of model.entities) calls.push(...entityCalls(model, e.name, e.plural));
  calls.push(...ACCOUNT_CALLS);
  return calls;
}

/** Whether a call comes from section 7 (it answers its declared shapes) or the default API. */
export const isDeclared = (call: ApiCall): boolean => call.line !== undefined;

/**
 * The call that does `kind` (on `entity`, for `action`), or undefined when the API has none:
 * when section 7 is specified the API is exactly its rows, so a missing row means the app
 * cannot do it.
 */
export function findCall(
  calls: readonly ApiCall[],
  kind: ApiOperationKind,
  entity?: string,
  action?: string,
): ApiCall | undefined {
  return calls.find((c) => {
    const op = c.operation;
    if (op.kind !== kind) return false;
    if ('entity' in op && op.entity !== entity) return false;
    return op.kind !== 'transition' || op.action === action;
  });
}

/**
 * A call's path with the record's values in place of its parameters: given an id, `:id` is the
 * id; given the record's values, each `:name` is the value of the field `name` (`:slug`,
 * `:number`; a parent's parameter takes the value the caller puts under its name). A parameter
 * with no value is left as written.
 */
export function pathOf(call: ApiCall, record?: string | Readonly<Record<string, unknown>>): string {
  if (record === undefined) return call.path;
  const values = typeof record === 'string' ? { id: record } : record;
  return call.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (written, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number'
      ? encodeURIComponent(String(value))
      : written;
  });
}
