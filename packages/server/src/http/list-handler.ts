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
import { searchCondition } from '../store/search-condition.js';
import { entityApi, operationContext, type ApiContext, type EntityApi } from './api-context.js';
import type { HandlerFactory } from './api-handlers.js';
import { readBound, runFiltered } from './filter-errors.js';
import { checkFilterUserFields, filterUser } from './filter-user-fields.js';
import { PAGE_ACTIONS_HEADER, pageActions } from './answer-record.js';
import { withActions } from './record-actions.js';
import { includeReferences } from './include-references.js';
import { readListOffers } from './list-offers.js';
import { localAnswers } from './local-answers.js';
import { pathRecords } from './path-records.js';
import { equalityReaders, readListQuery } from './list-query.js';
import type { QueryParams } from '../calls/query-params.js';
import { responseExpansion } from './response-expansion.js';
import { declaredList, declaredNextPage, type NextPage } from './declared-list.js';
import { merged } from '../objects/merged.js';

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
  // A computed field is filtered by its value worked out in the database, as the page is.
  if (target.prepared.computedInDatabase.length > 0)
    options.computed = target.prepared.databaseValues(ctx);
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
  offer: string | undefined,
): Promise<ListPage> {
  try {
    const answers = offer === undefined && localAnswers(api, target, ctx);
    if (answers) {
      const page = await target.operations.listStoredRecords(ctx, request);
      return merged(page, { records: await answers.answerPage(page.records) });
    }
    const page = await target.operations.listRecords(ctx, request);
    // Actions first: they are decided on the stored records behind those shown, which the list
    // has proved readable.
    const records = await withActions(target, ctx, page.records, {
      readable: true,
      ...(offer === undefined ? {} : { creates: offer }),
    });
    return merged(page, { records });
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
 * The condition of a list's `q`: its words in the searched columns the caller may read on every
 * record (section 6), so that a search never finds a record by a value they cannot see.
 */
function searched(target: EntityApi, words: string[], readable: ReadonlySet<string>) {
  const columns = (target.table.search ?? []).filter((c) => readable.has(c));
  return searchCondition(target.table, columns, words);
}

/**
 * A list call: the records the caller may read, searched, filtered, sorted and paged, with
 * references expanded on request. The default API answers `{ items, nextCursor }`, with `total`
 * when asked; a declared call answers its Response shape around the same records, with `count`
 * when the shape has it.
 */
export const listHandler: HandlerFactory = (call: ApiCall, api: ApiContext) => {
  if (call.operation.kind !== 'list') throw new Error('not a list call');
  const target = entityApi(api, call.operation.entity);
  const readers = equalityReaders(api, target);
  const counted = wantsCount(call.response);
  const expansion = responseExpansion(api, target.entity.name, call.response);
  const declared = declaredList(api, call);
  const bare = call.response?.kind === 'entity';
  const fromPath = pathRecords(api, call);
  // Only the engine's page has room for a total; a declared shape says `count` if it wants one.
  const answer = { total: !isDeclared(call) };
  return async (request, reply) => {
    const ctx = operationContext(api, request);
    if (declared?.needsUser && !ctx.actor) throw new AppError('UNAUTHENTICATED');
    const { parent } = await fromPath(request, ctx);
    const params = { user: userRecord(ctx.actor), now: ctx.now };
    const asked = declared?.read(request.query as QueryParams, params);
    const readable = api.policy.readableFields(ctx.actor, target.entity.name);
    const somewhere = api.policy.readableOnSome(ctx.actor, target.entity.name);
    // A declared call takes its own parameters; the engine's list also takes `offers`.
    const offers = asked ? undefined : readListOffers(target, request.query as QueryParams);
    const queryParams = asked?.query ?? offers?.query ?? (request.query as QueryParams);
    const readableOf = (entity: string) => api.policy.readableOnSome(ctx.actor, entity);
    const seen = { everywhere: readable, somewhere, readableOf };
    const query = readListQuery(api, target, readers, queryParams, seen, answer);
    if (query.filter) {
      await checkFilterUserFields(api, ctx, query.filter);
      params.user = await filterUser(api, ctx, query.filter, params.user);
    }
    // Under a parent (`/articles/:slug/comments`), only its children: in SQL, like a filter.
    const equals = parent ? { ...query.equals, [parent.via]: parent.id } : query.equals;
    const listRequest: ListRequest = { equals, sort: query.sort, limit: query.limit };
    if (query.cursor !== undefined) listRequest.cursor = query.cursor;
    if (asked?.offset !== undefined) listRequest.offset = asked.offset;
    const where = query.filter?.where(params);
    const conditions = [...(asked?.conditions ?? []), ...(where ? [where] : [])];
    if (query.search) conditions.push(searched(target, query.search, readable));
    if (query.partlyShown.length > 0) {
      const shown = api.policy.showingFields(ctx.actor, target.entity.name, query.partlyShown);
      if (shown.kind === 'where') conditions.push(shown.where);
    }
    if (conditions.length > 0)
      listRequest.where = conditions.length === 1 ? conditions[0]! : (eb: Eb) => eb.and(conditions);
    if (query.filter) listRequest.bounded = readBound(api, query.filter);
    const filtered = where !== undefined;
    const page = await runFiltered(filtered, () =>
      listPage(api, target, ctx, listRequest, offers?.offer),
    );
    const included = await includeReferences(api, ctx, target, page.records, query.include);
    const items = await expansion(ctx, included);
    if (isDeclared(call) && !call.response) return reply.status(204).send();
    // A declared shape has no room for `actions`: they go aside, as a record's do.
    if (isDeclared(call) && page.records.length > 0)
      reply.header(PAGE_ACTIONS_HEADER, pageActions(page.records));
    const extras: ResponseExtras = {};
    if (counted || query.total) {
      const count = await runFiltered(filtered, () => countMatching(api, ctx, target, listRequest));
      if (counted) extras.count = count;
      if (query.total) extras.total = count;
    }
    const cursor = page.nextCursor;
    const next: NextPage = declared?.parameters
      ? declaredNextPage(declared.parameters, {
          url: request.url,
          cursor,
          offset: asked?.offset ?? 0,
          limit: query.limit,
          bare,
        })
      : {
          cursor,
          ...(bare && cursor !== undefined ? { link: nextPageLink(request.url, cursor) } : {}),
        };
    if (next.cursor !== undefined) extras.nextCursor = next.cursor;
    if (next.link) reply.header('link', next.link);
    return wrapPage(call.response, items, extras);
  };
};
