import type { AppModel } from '@specrun/model';
import { sql } from 'kysely';
import { deriveTables } from './derive-tables.js';
import { newId } from './ids.js';
import {
  destructiveSteps,
  type MigrationPlan,
  type MigrationResult,
  type MigrationStep,
} from './migration-plan.js';
import { moveFiles } from './move-files.js';
import type { Store } from './open-store.js';
import { planMigration } from './plan-migration.js';
import {
  ensureMetaTables,
  readSnapshot,
  recordMigration,
  writeSnapshot,
} from './schema-snapshot.js';
import type { SchemaDescription } from './schema-types.js';
import { stableJson } from './stable-json.js';
import { writeTransaction } from './write-transaction.js';
import type { Db } from './db-type.js';

/** How to migrate: `dryRun` plans only (`--plan`); `acceptDataLoss` lets destructive steps run. */
export interface MigrateOptions {
  acceptDataLoss?: boolean;
  dryRun?: boolean;
}

/** A step failed while applying; nothing was applied. */
export class MigrationFailedError extends Error {
  constructor(
    message: string,
    readonly step?: MigrationStep,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MigrationFailedError';
  }
}

// Any fixed number: servers sharing one PostgreSQL migrate one at a time.
const MIGRATION_LOCK = 7_236_452_019;

/** Thrown inside the transaction to roll it back while keeping the result. */
class Rollback {
  constructor(readonly result: MigrationResult) {}
}

// A step is its SQL, but for moving files, whose values are read and written by code.
async function runStep(trx: Db, step: MigrationStep): Promise<void> {
  if (step.kind === 'move-files') return moveFiles(trx, step);
  for (const statement of step.sql) await sql.raw(statement).execute(trx);
}

async function runSteps(trx: Db, plan: MigrationPlan): Promise<void> {
  for (const step of plan.steps) {
    try {
      await runStep(trx, step);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MigrationFailedError(`${step.description} failed: ${reason}`, step, {
        cause: error,
      });
    }
  }
  if (plan.dialect !== 'sqlite') return;
  const { rows } = await sql<{ table: string; parent: string }>`PRAGMA foreign_key_check`.execute(
    trx,
  );
  if (rows.length > 0) {
    const pairs = [...new Set(rows.map((r) => `${r.table} → ${r.parent}`))].join(', ');
    throw new MigrationFailedError(`rows would be left referring to deleted rows (${pairs})`);
  }
}

async function migrateInTransaction(
  store: Store,
  trx: Db,
  modelName: string,
  schema: SchemaDescription,
  options: MigrateOptions,
): Promise<MigrationResult> {
  if (store.dialect === 'postgres') {
    // A migration may wait for another server's, and rebuild large tables: the time limit of
    // serving statements (MAX_STATEMENT_MS, when the store has one) is not for it.
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
  }
  await ensureMetaTables(trx);
  const plan = await planMigration(trx, store.dialect, modelName, schema);
  if (plan.drift.length > 0) throw new Rollback({ status: 'drift', plan });
  if (plan.steps.length === 0) {
    const applied = await readSnapshot(trx);
    if (stableJson(applied) !== stableJson(schema)) await writeSnapshot(trx, schema);
    return { status: 'up-to-date', plan };
  }
  if (options.dryRun) throw new Rollback({ status: 'planned', plan });
  if (destructiveSteps(plan).length > 0 && !options.acceptDataLoss)
    throw new Rollback({ status: 'refused', plan });
  await runSteps(trx, plan);
  const migrationId = newId();
  await recordMigration(trx, { id: migrationId, modelName, steps: plan.steps, schema });
  return { status: 'applied', plan, migrationId };
}

/**
 * Brings the database to a schema in ONE transaction, recorded in `_specrun_migrations`. When a
 * step would lose data and `acceptDataLoss` is not set, or the database was edited by hand,
 * nothing is applied and the result says why (`refused`, `drift`).
 */
export async function migrateSchema(
  store: Store,
  modelName: string,
  schema: SchemaDescription,
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  try {
    // SQLite rebuilds tables, which needs foreign keys off; they are checked before commit.
    return await writeTransaction(
      store,
      (trx) => migrateInTransaction(store, trx, modelName, schema, options),
      { foreignKeysOff: true },
    );
  } catch (error) {
    if (error instanceof Rollback) return error.result;
    throw error;
  }
}

/** Brings the database to what the model needs; see migrateSchema. */
export function migrate(
  store: Store,
  model: AppModel,
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  return migrateSchema(store, model.name, deriveTables(model), options);
}
