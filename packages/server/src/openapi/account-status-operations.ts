import type { DocumentContext } from './document-context.js';
import { INTERNAL, jsonResponse, type DraftOperation } from './operation-parts.js';
import { securityFor } from './security.js';
import { ENGINE_TAG } from './service-operations.js';

/** A call of the engine about accounts, served whatever section 7 declares. */
export interface AccountStatusOperation {
  method: 'get' | 'post';
  path: string;
  draft: DraftOperation;
}

const REFUSED = [{ code: 'UNAUTHENTICATED' }, { code: 'FORBIDDEN' }];

/**
 * GET /api/_accounts, POST /api/_accounts/{id}/deactivate and …/reactivate: whether accounts
 * are active, for those section 6 lets change users' roles (accounts/account-status-routes.ts).
 */
export function accountStatusOperations(ctx: DocumentContext): AccountStatusOperation[] {
  const status = ctx.components.schema(ctx.engineSchema('AccountStatus'), () => ({
    type: 'object',
    description: 'Whether an account may sign in, as those who manage accounts see it.',
    required: ['id', 'active', 'deactivatedAt', 'manageable'],
    properties: {
      id: { type: 'string', description: "The User's id." },
      active: { type: 'boolean', description: 'False once deactivated: it cannot sign in.' },
      deactivatedAt: { type: ['string', 'null'], format: 'date-time' },
      manageable: {
        type: 'boolean',
        description: 'Whether the caller may deactivate or reactivate it (never their own).',
      },
    },
  }));
  const id = ctx.components.parameter('id', () => ({
    name: 'id',
    in: 'path',
    required: true,
    description: "The record's id.",
    schema: { type: 'string' },
  }));
  const change = (verb: 'deactivate' | 'reactivate', description: string): DraftOperation => ({
    id: `${verb}Account`,
    tag: ENGINE_TAG,
    operation: {
      summary: verb === 'deactivate' ? 'Deactivate an account' : 'Reactivate an account',
      description,
      security: securityFor('signed-in'),
      parameters: [id],
    },
    success: { '200': jsonResponse('The account, as it now is.', status) },
    errors: [{ code: 'BAD_REQUEST' }, ...REFUSED, { code: 'NOT_FOUND' }, INTERNAL],
  });
  const list: DraftOperation = {
    id: 'getAccountStatuses',
    tag: ENGINE_TAG,
    operation: {
      summary: 'Whether accounts are active',
      description:
        'For callers section 6 lets change the `roles` of User: each account of `ids` they may read, active or deactivated. Accounts they may not read are left out.',
      security: securityFor('signed-in'),
      parameters: [
        {
          name: 'ids',
          in: 'query',
          required: true,
          description: 'The users’ ids, comma-separated: at most `MAX_PAGE_SIZE`.',
          schema: { type: 'string' },
        },
      ],
    },
    success: {
      '200': jsonResponse('The accounts asked for.', {
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', items: status } },
      }),
    },
    errors: [{ code: 'BAD_REQUEST' }, ...REFUSED, INTERNAL],
  };
  return [
    { method: 'get', path: '/api/_accounts', draft: list },
    {
      method: 'post',
      path: '/api/_accounts/:id/deactivate',
      draft: change(
        'deactivate',
        'The account can no longer sign in, and every session of it ends at once. For callers section 6 lets change its `roles`; never their own account.',
      ),
    },
    {
      method: 'post',
      path: '/api/_accounts/:id/reactivate',
      draft: change(
        'reactivate',
        'The account signs in again, with the password it had. For callers section 6 lets change its `roles`; never their own account.',
      ),
    },
  ];
}
