import {
  isDeclared,
  nextPageLink,
  wantsCount,
  wrapPage,
  type ApiCall,
  type ResponseExtras,
} from '@specrun/model';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import { userRecord } from '../callers/user-record.js';
import type { ListRequest } from '../operations/list-records.js';
import type { OperationContext } from '../operations/operation-context.js';
import { storeWork } from '../operations/store-errors.js';
import { countRecords, type ListPage, type WhereInput } from '../store/list-records.js';
import { entityApi, operationContext, type ApiContext, type EntityApi } from './api-context.js';
import type { HandlerFactory } from './api-handlers.js';
import { readBound, runFiltered } from './filter-errors.js';
import { checkFilterUserFields } from './filter-user-fields.js';
import { withActions } from './record-actions.js';
import { includeReferences } from './include-references.js';
import { localAnswers } from './local-answers.js';
import { pathRecords } from './path-records.js';
import { equalityReaders, readListQuery } from './list-query.js';
import type { QueryParams } from '../calls/query-params.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables come from the model
type Eb = ExpressionBuilder<any, any>;
const resolve = (w: WhereInput, eb: Eb): Expression<SqlBool> =>
  typeof w === 'function' ? w(eb) : w;

/** How many records match a list's conditions, before paging: section 6's and the request's. */
async function countMatching(
  api: ApiContext,
  ctx: OperationContext,
  target: EntityApi,
  request: ListRequest,
): Promise<number> {
  const condition = api.policy.listCondition(ctx.actor, target.entity.name);
  if (condition.kind === 'deny') return 0;
  const parts = [condition.kind === 'where' ? condition.where : undefined, request.where].filter(
    (w): w is WhereInput => w !== undefined,
  );
  const options: Parameters<typeof countRecords>[2] = {};
  if (request.equals) options.equals = request.equals;
  if (request.bounded) options.bounded = request.bounded;
  if (parts.length > 0) options.where = (eb: Eb) => eb.and(parts.map((w) => resolve(w, eb)));
  return storeWork(() => countRecords(api.store.db, target.table, options));
}

/**
 * Lists one page, answered with the records' actions: in place when every decision can be (see
 * local-answers.ts), else by the operations. The store checks the cursor against the sort and the
 * columns' types; the other parameters were checked before, so a BAD_REQUEST with a cursor is
 * about the cursor, and says so.
 */
async function listPage(
  api: ApiContext,
  target: EntityApi,
  ctx: OperationContext,
  request: ListRequest,
): Promise<ListPage> {
  try {
    const answers = localAnswers(api, target, ctx);
    if (answers) {
      const page = await target.operations.listStoredRecords(ctx, request);
      return { ...page, records: page.records.map((r) => answers.answer(r)) };
    }
    const page = await target.operations.listRecords(ctx, request);
    // Actions first: they are decided on the stored records behind those shown, which the list
    // has proved readable.
    const records = await withActions(target, ctx, page.records, { readable: true });
    return { ...page, records };
  } catch (error) {
    if (request.cursor !== undefined && error instanceof AppError && error.code === 'BAD_REQUEST')
      throw new AppError(
        'BAD_REQUEST',
        'cursor: give the nextCursor of the previous page as it was.',
      );
    throw error;
  }
}

/**
 * A list call: the records the caller may read, filtered, sorted and paged, with references
 * expanded on request. The default API answers `{ items, nextCursor }`; a declared call answers
 * its Response shape around the same records, with `count` when the shape has it.
 */
export const listHandler: HandlerFactory = (call: ApiCall, api: ApiContext) => {
  if (call.operation.kind !== 'list') throw new Error('not a list call');
  const target = entityApi(api, call.operation.entity);
  const readers = equalityReaders(api, target);
  const counted = wantsCount(call.response);
  const fromPath = pathRecords(api, call);
  return async (request, reply) => {
    const ctx = operationContext(api, request);
    const { parent } = await fromPath(request, ctx);
    const readable = api.policy.readableFields(ctx.actor, target.entity.name);
    const query = readListQuery(api, target, readers, request.query as QueryParams, readable);
    if (query.filter) await checkFilterUserFields(api, ctx, query.filter);
    // Under a parent (`/articles/:slug/comments`), only its children: in SQL, like a filter.
    const equals = parent ? { ...query.equals, [parent.via]: parent.id } : query.equals;
    const listRequest: ListRequest = { equals, sort: query.sort, limit: query.limit };
    if (query.cursor !== undefined) listRequest.cursor = query.cursor;
    const where = query.filter?.where({ user: userRecord(ctx.actor), now: ctx.now });
    if (where) listRequest.where = where;
    if (query.filter) listRequest.bounded = readBound(api, query.filter);
    const filtered = where !== undefined;
    const page = await runFiltered(filtered, () => listPage(api, target, ctx, listRequest));
    const items = await includeReferences(api, ctx, target, page.records, query.include);
    if (isDeclared(call) && !call.response) return reply.status(204).send();
    const extras: ResponseExtras = {};
    if (counted)
      extras.count = await runFiltered(filtered, () =>
        countMatching(api, ctx, target, listRequest),
      );
    const next = page.nextCursor;
    if (next !== undefined) extras.nextCursor = next;
    if (call.response?.kind === 'entity' && next !== undefined)
      reply.header('link', nextPageLink(request.url, next));
    return wrapPage(call.response, items, extras);
  };
};
