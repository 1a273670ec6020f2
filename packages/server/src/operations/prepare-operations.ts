import type { PreparedApp } from '../app/prepared-app.js';
import type { ListPage } from '../store/list-records.js';
import type { WireRecord } from '../store/record-codec.js';
import { createRecord } from './create-record.js';
import { retrySlugClash } from './retry-slug-clash.js';
import { deleteRecord } from './delete-record.js';
import { getRecord } from './get-record.js';
import { listRecords, listStoredRecords, type ListRequest } from './list-records.js';
import type { OperationContext } from './operation-context.js';
import { updateRecord } from './update-record.js';
import { writtenRecord } from './visible-record.js';

/** The record operations of one entity; every answer shows only what the caller may read. */
export interface EntityOperations {
  /** `fixed`: values the call gives rather than the caller (a parent's reference, by the path). */
  createRecord(ctx: OperationContext, body: unknown, fixed?: WireRecord): Promise<WireRecord>;
  /** The same create, answering the record as stored: show it with showWritten. */
  createStoredRecord(ctx: OperationContext, body: unknown, fixed?: WireRecord): Promise<WireRecord>;
  getRecord(ctx: OperationContext, id: string): Promise<WireRecord>;
  listRecords(ctx: OperationContext, request?: ListRequest): Promise<ListPage>;
  /** The same page as stored (every field), for answers made in place (see local-answers.ts). */
  listStoredRecords(ctx: OperationContext, request?: ListRequest): Promise<ListPage>;
  updateRecord(
    ctx: OperationContext,
    id: string,
    body: unknown,
    /** The version the caller read (If-Match); without one, whatever version is stored. */
    expectedVersion: number | undefined,
  ): Promise<WireRecord>;
  /** The same update, answering the record as stored: show it with showWritten. */
  updateStoredRecord(
    ctx: OperationContext,
    id: string,
    body: unknown,
    expectedVersion: number | undefined,
  ): Promise<WireRecord>;
  deleteRecord(ctx: OperationContext, id: string, expectedVersion?: number): Promise<void>;
  /** A record this request has just written and committed, as the caller sees it. */
  showWritten(ctx: OperationContext, stored: WireRecord): Promise<WireRecord>;
}

/** The record operations of every entity of a prepared application, by entity name. */
export function prepareOperations(app: PreparedApp): Readonly<Record<string, EntityOperations>> {
  const operations: Record<string, EntityOperations> = {};
  for (const p of app.entities.values()) {
    const shown = (ctx: OperationContext, r: WireRecord) => writtenRecord(app, p, ctx, r);
    const created = (ctx: OperationContext, body: unknown, fixed?: WireRecord) =>
      retrySlugClash(p, () => createRecord(app, p, ctx, body, fixed));
    const updated = (ctx: OperationContext, id: string, body: unknown, version?: number) =>
      retrySlugClash(p, () => updateRecord(app, p, ctx, id, body, version));
    operations[p.entity.name] = {
      createRecord: async (ctx, body, fixed) => shown(ctx, await created(ctx, body, fixed)),
      createStoredRecord: created,
      getRecord: (ctx, id) => getRecord(app, p, ctx, id),
      listRecords: (ctx, request) => listRecords(app, p, ctx, request),
      listStoredRecords: (ctx, request) => listStoredRecords(app, p, ctx, request),
      updateRecord: async (ctx, id, body, version) =>
        shown(ctx, await updated(ctx, id, body, version)),
      updateStoredRecord: updated,
      deleteRecord: (ctx, id, version) => deleteRecord(app, p, ctx, id, version),
      showWritten: shown,
    };
  }
  return operations;
}
