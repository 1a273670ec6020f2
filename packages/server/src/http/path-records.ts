import {
  isAddressProblem,
  pathAddress,
  type AddressedBy,
  type ApiCall,
  type PathAddress,
} from '@specrun/model';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import type { OperationContext } from '../operations/operation-context.js';
import { refusal } from '../operations/refusal.js';
import { storeWork } from '../operations/store-errors.js';
import { filteredQuery } from '../store/list-records.js';
import type { ApiContext } from './api-context.js';
import { entityApi } from './api-context.js';
import { recordId } from './record-id.js';

/** The nearest parent a path names: the reference that leads to it, and its id. */
export interface PathParent {
  via: string;
  id: string;
}

/** The records a request's path names, once found: the call's own and its nearest parent. */
export interface PathRecords {
  /** The id of the record the call acts on; set for the kinds that act on one. */
  id?: string;
  parent?: PathParent;
}

/** Finds the records a request's path names (see pathRecords). */
export type PathResolver = (request: FastifyRequest, ctx: OperationContext) => Promise<PathRecords>;

// Integers as the store holds them; anything else cannot be one.
const INTEGER = /^-?\d{1,15}$/;

// The parameter goes with the error, so that a declared error body keys it by the path's word
// for that record (`article` for `:slug` of `/articles/:slug/comments/:number`).
const missing = (by: AddressedBy): AppError =>
  new AppError(
    'NOT_FOUND',
    `No ${by.entity} with that ${by.field === 'id' ? 'id' : by.field}.`,
    {},
    undefined,
    by.param,
  );

/** The parameter's text as a value of the field it addresses by; NOT_FOUND when it cannot be. */
function valueOf(api: ApiContext, by: AddressedBy, text: string | undefined): unknown {
  if (by.field === 'id') return recordId(by.entity, text);
  const kind = entityApi(api, by.entity).fields.get(by.field)?.type.kind;
  if (text === undefined || text === '') throw missing(by);
  if (kind === 'integer') {
    if (!INTEGER.test(text)) throw missing(by);
    return Number(text);
  }
  return text;
}

/** The id of the record whose field holds the parameter's value (within the parent, if any). */
async function findId(
  api: ApiContext,
  by: AddressedBy,
  request: FastifyRequest,
  ctx: OperationContext,
  within?: PathParent,
): Promise<string> {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const value = valueOf(api, by, params[by.param]);
  const target = entityApi(api, by.entity);
  // Only among the records the caller may read: one they may not is not found, exactly as one
  // that does not exist (same answer, no id of it), so its existence is never told.
  const readable = api.policy.listCondition(ctx.actor, by.entity);
  if (readable.kind === 'deny') throw ctx.actor ? missing(by) : refusal(null);
  const equals: Record<string, unknown> = { [by.field]: value };
  if (within) equals[within.via] = within.id;
  const options = readable.kind === 'where' ? { equals, where: readable.where } : { equals };
  const row = await storeWork(() =>
    filteredQuery(api.store.db, target.table, options).select('id').limit(1).executeTakeFirst(),
  );
  if (!row) throw missing(by);
  return row.id as string;
}

/**
 * The parents, outermost first: each found by its field within the one before, and readable by
 * the caller (else NOT_FOUND about it, as if it did not exist).
 */
async function findParents(
  api: ApiContext,
  address: PathAddress,
  request: FastifyRequest,
  ctx: OperationContext,
): Promise<PathParent | undefined> {
  let parent: PathParent | undefined;
  for (const by of address.parents) {
    const id = await findId(api, by, request, ctx, parent);
    try {
      await entityApi(api, by.entity).operations.getRecord(ctx, id);
    } catch (error) {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? missing(by) : error;
    }
    parent = { via: by.via, id };
  }
  return parent;
}

/**
 * How a call finds the records its path names, worked out at start: the last parameter names
 * the record by a field that tells records apart (`:id`, `:slug`, `:number`), earlier ones the
 * parents it belongs to, each of which must exist and be readable. A record under another parent
 * is not found. A bare `:id` is taken as it is, with no query, as it always was: the operation
 * that reads the record answers NOT_FOUND for it.
 */
export function pathRecords(api: ApiContext, call: ApiCall): PathResolver {
  const found = pathAddress(api.model, call);
  // The document's checks refuse a path that cannot address records: this is a model built by hand.
  if (isAddressProblem(found)) throw new Error(`${call.path}: ${found.message}`);
  const { record, parents } = found;
  return async (request, ctx) => {
    const parent = parents.length > 0 ? await findParents(api, found, request, ctx) : undefined;
    if (!record) return parent ? { parent } : {};
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const id =
      record.field === 'id' && !parent
        ? recordId(record.entity, params[record.param])
        : await findId(api, record, request, ctx, parent);
    return parent ? { id, parent } : { id };
  };
}

/** The id of the record a call acts on, by its path; NOT_FOUND when the path names none. */
export function pathRecordId(
  api: ApiContext,
  call: ApiCall,
): (request: FastifyRequest, ctx: OperationContext) => Promise<string> {
  const resolve = pathRecords(api, call);
  const entity = 'entity' in call.operation ? call.operation.entity : 'record';
  return async (request, ctx) => recordId(entity, (await resolve(request, ctx)).id);
}
