import type { OperationContext } from '../operations/operation-context.js';
import type { WireRecord } from '../store/record-codec.js';
import { entityApi, operationContext, type ApiContext, type EntityApi } from './api-context.js';
import { answerRecord } from './answer-record.js';
import type { HandlerFactory } from './api-handlers.js';
import { payloadMeaning } from './declared-writes.js';
import { readPayload } from '../calls/read-payload.js';
import { responseExpansion } from './response-expansion.js';
import { readIfMatch } from './if-match.js';
import { onlyParams, type QueryParams } from '../calls/query-params.js';
import { pathRecordId } from './path-records.js';
import { answerWritten } from './written-answer.js';
import { isStaleVersion, StaleVersionError } from './stale-version.js';

// Without If-Match an update applies to the version it finds; a write landing in between is
// retried rather than reported, since the caller asked for no condition.
const UNCONDITIONAL_TRIES = 3;

async function unconditional(
  api: ApiContext,
  target: EntityApi,
  ctx: OperationContext,
  id: string,
  fields: Record<string, unknown>,
): Promise<WireRecord> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await target.operations.updateStoredRecord(ctx, id, fields, undefined);
    } catch (error) {
      if (!isStaleVersion(error) || attempt >= UNCONDITIONAL_TRIES) throw error;
    }
  }
}

/**
 * An update call (PATCH, or PUT when declared): changes the fields sent. With `If-Match` the
 * record must still have that version, else 412 with CONFLICT and nothing is saved; without it
 * (or with `*`) the update applies to the current version.
 */
export const updateHandler: HandlerFactory = (call, api) => {
  if (call.operation.kind !== 'update') throw new Error('not an update call');
  const target = entityApi(api, call.operation.entity);
  const meaning = payloadMeaning(api, call, target.entity.name);
  const expansion = responseExpansion(api, target.entity.name, call.response);
  const recordOf = pathRecordId(api, call);
  return async (request, reply) => {
    onlyParams(request.query as QueryParams, []);
    const ctx = operationContext(api, request);
    const id = await recordOf(request, ctx);
    const condition = readIfMatch(request.headers['if-match']);
    const fields = await meaning(ctx, readPayload(call.payload, request.body));
    let record: WireRecord;
    if (condition.kind === 'version') {
      try {
        record = await target.operations.updateStoredRecord(ctx, id, fields, condition.version);
      } catch (error) {
        throw isStaleVersion(error) ? new StaleVersionError() : error;
      }
    } else record = await unconditional(api, target, ctx, id, fields);
    const [shaped] = await expansion(ctx, [await answerWritten(api, target, ctx, record)]);
    return answerRecord(call, reply, shaped!);
  };
};
