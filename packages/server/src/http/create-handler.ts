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
import { answerWritten } from './written-answer.js';
import { recordLocation } from './record-location.js';
import { AppError } from '../catalogue/app-error.js';
import { pathRecords } from './path-records.js';

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

/** A create call: 201 Created (or the declared status) with the record, its Location and its ETag. */
export const createHandler: HandlerFactory = (call, api, calls) => {
  if (call.operation.kind !== 'create') throw new Error('not a create call');
  const target = entityApi(api, call.operation.entity);
  const location = recordLocation(calls, target.entity.name);
  const isUser = target.entity.name === 'User';
  const meaning = payloadMeaning(api, call, target.entity.name);
  const expansion = responseExpansion(api, target.entity.name, call.response);
  const fromPath = pathRecords(api, call);
  return async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const ctx = operationContext(api, request);
    const { parent } = await fromPath(request, ctx);
    const fields = await meaning(ctx, readPayload(call.payload, request.body));
    // Under a parent the path gives the reference: a payload naming it is refused, not obeyed.
    if (parent && parent.via in fields)
      throw new AppError('BAD_REQUEST', `${parent.via}: the path gives it; leave it out.`);
    const fixed = parent ? { [parent.via]: parent.id } : {};
    const record = isUser
      ? await withActionsOf(
          target,
          ctx,
          await createUser(api, target, ctx, { ...fields, ...fixed }),
        )
      : await answerWritten(
          api,
          target,
          ctx,
          await target.operations.createStoredRecord(ctx, fields, fixed),
        );
    if (location) reply.header('location', location(record.id as string));
    const [shaped] = await expansion(ctx, [record]);
    return answerRecord(call, reply, shaped!);
  };
};
