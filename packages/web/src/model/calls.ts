import type { AppModel, HttpMethod, Shape } from '@specrun/model';
import { entityOf } from './entities.js';

/** What the app asks the API to do. `history` and `change-password` exist on the default API. */
export type CallKind =
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'delete'
  | 'history'
  | 'transition'
  | 'sign-up'
  | 'sign-in'
  | 'sign-out'
  | 'me'
  | 'change-password';

/** A call the server serves: its method, path (with `:id`) and, when declared, its shapes. */
export interface ApiCallRef {
  method: HttpMethod;
  path: string;
  payload?: Shape;
  response?: Shape;
  /** True when section 7 declares it: the answer is wrapped in the Response shape. */
  declared: boolean;
}

const ACCOUNT_PATHS: Partial<Record<CallKind, { method: HttpMethod; path: string }>> = {
  'sign-up': { method: 'POST', path: '/api/sign-up' },
  'sign-in': { method: 'POST', path: '/api/sign-in' },
  'sign-out': { method: 'POST', path: '/api/sign-out' },
  me: { method: 'GET', path: '/api/me' },
  'change-password': { method: 'POST', path: '/api/me/password' },
};

function defaultCall(
  model: AppModel,
  kind: CallKind,
  entity?: string,
  action?: string,
): ApiCallRef | undefined {
  const account = ACCOUNT_PATHS[kind];
  if (account) return { ...account, declared: false };
  const plural = entity ? entityOf(model, entity)?.plural : undefined;
  if (!plural) return undefined;
  const base = `/api/${plural}`;
  const at = (method: HttpMethod, path: string): ApiCallRef => ({ method, path, declared: false });
  switch (kind) {
    case 'list':
      return at('GET', base);
    case 'create':
      return at('POST', base);
    case 'get':
      return at('GET', `${base}/:id`);
    case 'update':
      return at('PATCH', `${base}/:id`);
    case 'delete':
      return at('DELETE', `${base}/:id`);
    case 'history':
      return at('GET', `${base}/:id/history`);
    case 'transition': {
      const exists = model.lifecycles.some(
        (l) => l.entity === entity && l.transitions.some((t) => t.action === action),
      );
      return exists && action ? at('POST', `${base}/:id/${action}`) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The call that does `kind` (on `entity`, for `action`): section 7's row when section 7 is
 * specified — the API is then exactly its rows, so a missing row means the app cannot do it —
 * else the default REST API's.
 */
export function findCall(
  model: AppModel,
  kind: CallKind,
  entity?: string,
  action?: string,
): ApiCallRef | undefined {
  const section = model.sections.find((s) => s.key === 'calls');
  if (section?.status !== 'specified') return defaultCall(model, kind, entity, action);
  const call = model.calls.find((c) => {
    const op = c.operation;
    if (op.kind !== kind) return false;
    if ('entity' in op && op.entity !== entity) return false;
    return op.kind !== 'transition' || op.action === action;
  });
  if (!call) return undefined;
  const out: ApiCallRef = { method: call.method, path: call.path, declared: true };
  if (call.payload) out.payload = call.payload;
  if (call.response) out.response = call.response;
  return out;
}

/** A call's path with the record's id in place of `:id`. */
export function pathOf(call: ApiCallRef, id?: string): string {
  return id === undefined ? call.path : call.path.replace(':id', encodeURIComponent(id));
}
