import { sql } from 'kysely';
import type { MigrationStep } from './migration-plan.js';
import type { SchemaDescription } from './schema-types.js';
import type { Db } from './db-type.js';

/** The table holding the schema last applied, as JSON. */
export const SCHEMA_TABLE = '_specrun_schema';
/** The table recording every migration applied. */
export const MIGRATIONS_TABLE = '_specrun_migrations';

/** Creates the store's own tables when they do not exist yet. */
export async function ensureMetaTables(db: Db): Promise<void> {
  await db.schema
    .createTable(SCHEMA_TABLE)
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('appliedAt', 'text', (c) => c.notNull())
    .addColumn('schema', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable(MIGRATIONS_TABLE)
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('appliedAt', 'text', (c) => c.notNull())
    .addColumn('modelName', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .execute();
}

/** The schema last applied, or undefined for a database specrun has not set up. */
export async function readSnapshot(db: Db): Promise<SchemaDescription | undefined> {
  const { rows } = await sql<{
    schema: string;
  }>`SELECT "schema" FROM ${sql.table(SCHEMA_TABLE)} WHERE "id" = 1`.execute(db);
  return rows[0] ? (JSON.parse(rows[0].schema) as SchemaDescription) : undefined;
}

/** Stores the schema now applied; returns when. */
export async function writeSnapshot(db: Db, schema: SchemaDescription): Promise<string> {
  const appliedAt = new Date().toISOString();
  await sql`INSERT INTO ${sql.table(SCHEMA_TABLE)} ("id", "appliedAt", "schema") VALUES (1, ${appliedAt}, ${JSON.stringify(schema)})
    ON CONFLICT ("id") DO UPDATE SET "appliedAt" = excluded."appliedAt", "schema" = excluded."schema"`.execute(
    db,
  );
  return appliedAt;
}

/** Records a migration and the schema it leaves, in the caller's transaction. */
export async function recordMigration(
  db: Db,
  entry: { id: string; modelName: string; steps: MigrationStep[]; schema: SchemaDescription },
): Promise<void> {
  const appliedAt = await writeSnapshot(db, entry.schema);
  const steps = JSON.stringify(entry.steps);
  await sql`INSERT INTO ${sql.table(MIGRATIONS_TABLE)} ("id", "appliedAt", "modelName", "steps")
    VALUES (${entry.id}, ${appliedAt}, ${entry.modelName}, ${steps})`.execute(db);
}

/** One applied migration as recorded. */
export interface AppliedMigration {
  id: string;
  appliedAt: string;
  modelName: string;
  steps: MigrationStep[];
}

/** Every migration applied to the database, oldest first. */
export async function listMigrations(db: Db): Promise<AppliedMigration[]> {
  const { rows } = await sql<Omit<AppliedMigration, 'steps'> & { steps: string }>`
    SELECT "id", "appliedAt", "modelName", "steps" FROM ${sql.table(MIGRATIONS_TABLE)} ORDER BY "id"`.execute(
    db,
  );
  return rows.map((r) => ({ ...r, steps: JSON.parse(r.steps) as MigrationStep[] }));
}
