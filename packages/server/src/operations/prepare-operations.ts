import { type AppModel } from '@specrun/model';
import { modelSqlMapping } from '../expressions/sql-mapping.js';
import type { Store } from '../store/open-store.js';
import type { ListPage } from '../store/list-records.js';
import type { WireRecord } from '../store/record-codec.js';
import { createRecord } from './create-record.js';
import { deleteRecord } from './delete-record.js';
import { getRecord } from './get-record.js';
import { listRecords, listStoredRecords, type ListRequest } from './list-records.js';
import { operationsSetup } from './operations-setup.js';
import type { OperationContext } from './operation-context.js';
import { prepareEntity } from './prepared-entity.js';
import { updateRecord } from './update-record.js';
import { visibleRecord } from './visible-record.js';

/** The record operations of one entity; every answer shows only what the caller may read. */
export interface EntityOperations {
  createRecord(ctx: OperationContext, body: unknown): Promise<WireRecord>;
  getRecord(ctx: OperationContext, id: string): Promise<WireRecord>;
  listRecords(ctx: OperationContext, request?: ListRequest): Promise<ListPage>;
  /** The same page as stored (every field), for answers made in place (see local-answers.ts). */
  listStoredRecords(ctx: OperationContext, request?: ListRequest): Promise<ListPage>;
  updateRecord(
    ctx: OperationContext,
    id: string,
    body: unknown,
    expectedVersion: number,
  ): Promise<WireRecord>;
  deleteRecord(ctx: OperationContext, id: string, expectedVersion?: number): Promise<void>;
}

/**
 * Resolves everything the operations need once, at start: tables, field checks, rules compiled
 * to SQL, the catalogue. Throws when a rule cannot run. Answers the operations by entity name.
 */
export function prepareOperations(
  model: AppModel,
  store: Store,
): Readonly<Record<string, EntityOperations>> {
  const setup = operationsSetup(model, store);
  const tables = setup.tables;
  const mapping = modelSqlMapping(model, store.dialect);
  const operations: Record<string, EntityOperations> = {};
  for (const entity of model.entities) {
    const table = tables.get(entity.name);
    if (!table) throw new Error(`${entity.name} has no table`);
    const p = prepareEntity(model, entity, table, mapping);
    const shown = (ctx: OperationContext, r: WireRecord) => visibleRecord(setup, p, ctx, r);
    operations[entity.name] = {
      createRecord: async (ctx, body) => shown(ctx, await createRecord(setup, p, ctx, body)),
      getRecord: (ctx, id) => getRecord(setup, p, ctx, id),
      listRecords: (ctx, request) => listRecords(setup, p, ctx, request),
      listStoredRecords: (ctx, request) => listStoredRecords(setup, p, ctx, request),
      updateRecord: async (ctx, id, body, version) =>
        shown(ctx, await updateRecord(setup, p, ctx, id, body, version)),
      deleteRecord: (ctx, id, version) => deleteRecord(setup, p, ctx, id, version),
    };
  }
  return operations;
}
