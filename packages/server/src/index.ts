export { createServer, type ServerOptions } from './app/create-server.js';
export type { Scheduler, SchedulerOptions, TickReport } from './scheduler/scheduler.js';
export { parseTrustProxy, type TrustProxy } from './http/proxy-trust.js';
export { prepareApp, prepareModel, type PrepareOptions } from './app/prepare-app.js';
export type { PreparedApp, PreparedModel } from './app/prepared-app.js';
export {
  addAccount,
  generatePassword,
  setAccountRoles,
  type NewAccount,
} from './app/manage-accounts.js';
export { AppError } from './catalogue/app-error.js';
export type { Problem } from './catalogue/problem.js';
export { openSqlite, SQLITE_FILE } from './store/open-sqlite.js';
export { openStore, storeOptionsFrom, type Store, type StoreOptions } from './store/open-store.js';
export type { Db } from './store/db-type.js';
export type { Dialect, ValueIssue } from './store/column-codec.js';
export { InvalidValuesError, encodeColumn, fromDriver } from './store/column-codec.js';
export { ConstraintError, type ConstraintKind } from './store/db-errors.js';
export { deriveTables } from './store/derive-tables.js';
export type * from './store/schema-types.js';
export {
  migrate,
  migrateSchema,
  MigrationFailedError,
  type MigrateOptions,
} from './store/apply-migration.js';
export { planMigration } from './store/plan-migration.js';
export { destructiveSteps } from './store/migration-plan.js';
export type * from './store/migration-plan.js';
export { formatMigrationPlan } from './store/format-migration-plan.js';
export { listMigrations, readSnapshot, type AppliedMigration } from './store/schema-snapshot.js';
export {
  resolveTables,
  type EntityTable,
  type FileField,
  type ListField,
} from './store/entity-tables.js';
export { newId } from './store/ids.js';
export type { WireRecord } from './store/record-codec.js';
export {
  getRecord,
  inTransaction,
  insertRecord,
  updateRecord,
  type WriteContext,
} from './store/records.js';
export { deleteRecord, type DeleteResult } from './store/delete-record.js';
export {
  countRecords,
  listRecords,
  type ListOptions,
  type ListPage,
  type SortKey,
  type WhereInput,
} from './store/list-records.js';
export { InvalidCursorError } from './store/cursor.js';
export { readListItems, writeListItems } from './store/list-items.js';
export { readFileChunks, readFileRow, type FileRow } from './store/file-rows.js';
export {
  appendHistory,
  readHistory,
  type HistoryEntry,
  type NewHistoryEntry,
} from './store/history.js';
export { writeTransaction, type WriteTransactionOptions } from './store/write-transaction.js';
export type { ErrorItem } from './catalogue/app-error.js';
export { prepareOperations, type EntityOperations } from './operations/prepare-operations.js';
export type { ListRequest } from './operations/list-records.js';
export type { ListCondition, Policy, VisibleFieldsOptions } from './permissions/policy.js';
export type { Actor } from './callers/actor.js';
export type { OperationContext } from './operations/operation-context.js';
export * from './permissions/index.js';
export * from './accounts/index.js';
export * from './openapi/index.js';
export * from './lifecycle/index.js';
