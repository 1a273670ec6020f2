import { createAccount } from '../accounts/create-account.js';
import { checkNewPassword, passwordRules } from '../accounts/password-rules.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { WireRecord } from '../store/record-codec.js';
import { entityApi, operationContext, type ApiContext, type EntityApi } from './api-context.js';
import { answerRecord } from './answer-record.js';
import type { HandlerFactory } from './api-handlers.js';
import { payloadMeaning } from './declared-writes.js';
import { readPayload } from '../calls/read-payload.js';
import { responseExpansion } from './response-expansion.js';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import { withActionsOf } from './record-actions.js';
import { recordLocation } from './record-location.js';

/**
 * A User made through the API is an account: its `password` is taken out of the fields, checked
 * like a new password, and stored hashed in the same transaction as the record.
 */
async function createUser(
  api: ApiContext,
  target: EntityApi,
  ctx: OperationContext,
  fields: Record<string, unknown>,
): Promise<WireRecord> {
  const { password, ...rest } = fields;
  const email = typeof rest.email === 'string' ? [rest.email] : [];
  const checked = checkNewPassword(await passwordRules(api), 'password', password, email);
  return createAccount(target.operations, ctx, rest, checked, api.passwordCost);
}

/** A create call: 201 Created with the record, its Location and its ETag. */
export const createHandler: HandlerFactory = (call, api, calls) => {
  if (call.operation.kind !== 'create') throw new Error('not a create call');
  const target = entityApi(api, call.operation.entity);
  const location = recordLocation(calls, target.entity.name);
  const isUser = target.entity.name === 'User';
  const meaning = payloadMeaning(api, call, target.entity.name);
  const expansion = responseExpansion(api, target.entity.name, call.response);
  return async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const sent = readPayload(call.payload, request.body);
    const ctx = operationContext(api, request);
    const fields = await meaning(ctx, sent);
    const record = isUser
      ? await createUser(api, target, ctx, fields)
      : await target.operations.createRecord(ctx, fields);
    if (location) reply.header('location', location(record.id as string));
    const [shaped] = await expansion(ctx, [await withActionsOf(target, ctx, record)]);
    return answerRecord(call, reply, shaped!, 201);
  };
};
