import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import { echoedNames } from '../catalogue/client-text.js';
import {
  listRecords as storeList,
  type ListOptions,
  type ListPage,
  type WhereInput,
} from '../store/list-records.js';
import type { PreparedApp } from '../app/prepared-app.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { referencedSorts } from './referenced-sorts.js';
import { refusal } from './refusal.js';
import { storeWork } from './store-errors.js';
import { visibleRecords } from './visible-record.js';

/** What a list asks for: equality filters, a condition (a compiled filter), sort and paging. */
export type ListRequest = ListOptions;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables come from the model
type Eb = ExpressionBuilder<any, any>;
const resolve = (w: WhereInput, eb: Eb): Expression<SqlBool> =>
  typeof w === 'function' ? w(eb) : w;

function both(a: WhereInput | undefined, b: WhereInput | undefined): WhereInput | undefined {
  if (!a || !b) return a ?? b;
  return (eb: Eb) => eb.and([resolve(a, eb), resolve(b, eb)]);
}

/**
 * Lists the records the caller may read, one page at a time: section 6's condition is part of the
 * query's WHERE, so paging and counts see only those records. An equality on a field some of
 * those records hide keeps to the records that show it; one on a field none shows, and a sort by
 * a field the caller may not read on every listed record, are refused as if the field did not
 * exist (BAD_REQUEST), so none can reveal a hidden value; so is sorting by a referenced record's
 * field they may not read (see referencedSorts).
 */
export async function listRecords(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  request: ListRequest = {},
): Promise<ListPage> {
  const page = await listStoredRecords(app, prepared, ctx, request);
  // Every listed record passed the list's condition: known readable.
  const records = await visibleRecords(app, prepared, ctx, page.records, { readable: true });
  return page.nextCursor ? { records, nextCursor: page.nextCursor } : { records };
}

/** listRecords's page as stored: every field, each record known readable by the caller. */
export async function listStoredRecords(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  request: ListRequest = {},
): Promise<ListPage> {
  const entity = prepared.entity.name;
  const condition = ctx.policy.listCondition(ctx.actor, entity);
  if (condition.kind === 'deny') throw refusal(ctx.actor);
  const readable = ctx.policy.readableFields(ctx.actor, entity);
  const sort = request.sort ?? [];
  const tested = Object.keys(request.equals ?? {}).filter((f) => f !== 'id' && !readable.has(f));
  // An equality may test a field only some readable records show, on those records alone.
  const somewhere = tested.length > 0 ? ctx.policy.readableOnSome(ctx.actor, entity) : readable;
  const hidden = [
    ...tested.filter((f) => !somewhere.has(f)),
    ...sort.map((s) => s.field).filter((f) => f !== 'id' && !f.includes('.') && !readable.has(f)),
  ];
  if (hidden.length > 0)
    throw new AppError('BAD_REQUEST', `Not fields of ${entity}: ${echoedNames(hidden)}.`);
  const limit = Math.min(request.limit ?? app.limits.pageSize, app.limits.maxPageSize);
  const shown = tested.length > 0 ? ctx.policy.showingFields(ctx.actor, entity, tested) : undefined;
  const where = both(
    both(condition.kind === 'where' ? condition.where : undefined, request.where),
    shown?.kind === 'where' ? shown.where : undefined,
  );
  const options: ListOptions = { computed: prepared.databaseValues(ctx), ...request, limit };
  const referenced = referencedSorts(app, prepared, ctx, sort);
  if (referenced) options.referenced = referenced;
  if (where) options.where = where;
  else delete options.where;
  return storeWork(() => storeList(app.store.db, prepared.table, options));
}
