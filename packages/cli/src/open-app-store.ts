import { resolve } from 'node:path';
import type { AppModel } from '@specrun/model';
import {
  formatMigrationPlan,
  migrate,
  openStore,
  storeOptionsFrom,
  type MigrateOptions,
  type MigrationResult,
  type Store,
  type StoreOptions,
} from '@specrun/server';
import { UsageError, type Io } from './io.js';

/** The data options every command that opens the database shares. */
export const DATA_OPTIONS = {
  data: { type: 'string' },
  db: { type: 'string' },
} as const;

/**
 * Where the data lives: `--db URL` or DATABASE_URL (PostgreSQL), else SQLite under `--data`.
 * Commands call it before anything else, so option mistakes are reported first.
 */
export function storeOptions(values: { data?: string; db?: string }, io: Io): StoreOptions {
  if (values.data !== undefined && values.db !== undefined) {
    throw new UsageError('give either --data DIR (SQLite) or --db URL (PostgreSQL), not both');
  }
  if (values.db !== undefined && !/^postgres(ql)?:\/\//.test(values.db)) {
    throw new UsageError(
      '--db takes a PostgreSQL URL: postgres://user:password@host:port/database',
    );
  }
  const url = values.db ?? (values.data === undefined ? io.env.DATABASE_URL : undefined);
  return storeOptionsFrom(resolve(io.cwd, values.data ?? 'data'), url);
}

/** A URL fit to print: the password replaced. */
const redact = (url: string) => url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');

/**
 * Opens the application's database and brings its schema to the model. Returns the store and
 * the migration's result; a database that cannot be reached is the user's problem to fix.
 */
export async function openAppStore(
  model: AppModel,
  opened: StoreOptions,
  options: MigrateOptions = {},
): Promise<{ store: Store; result: MigrationResult; where: string }> {
  const where = 'databaseUrl' in opened ? redact(opened.databaseUrl) : opened.dataDir;
  const store = openStore(opened);
  try {
    return { store, result: await migrate(store, model, options), where };
  } catch (error) {
    await store.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
      throw new UsageError(`cannot use the database at ${where}: ${(error as Error).message}`);
    }
    throw error;
  }
}

/** True when the result leaves the database ready to serve; otherwise prints why not. */
export function migrationAllowsServing(result: MigrationResult, io: Io): boolean {
  if (result.status === 'refused' || result.status === 'drift') {
    io.err(formatMigrationPlan(result) + '\n');
    return false;
  }
  if (result.status === 'applied') io.out(formatMigrationPlan(result) + '\n');
  return true;
}
