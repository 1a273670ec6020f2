import { Transaction, type CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import type { Db } from './db-type.js';
import { allowImmediateReads } from './fast-reads.js';
import { BEGIN, COMMIT, ROLLBACK, type ImmediateSqliteDialect } from './sqlite-dialect.js';

/** How a store on SQLite runs a write transaction without Kysely's layers around it. */
export type SqliteWrite = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

const writers = new WeakMap<Db, SqliteWrite>();

/** The store's lean write transaction, when it has one (SQLite): see allowSqliteWrites. */
export const sqliteWriteOf = (db: Db): SqliteWrite | undefined => writers.get(db);

/** How a transaction ended; a statement made on it after that is refused. */
type Ending = 'committed' | 'rolled back';

// Kysely's own words for the refusal, so that both kinds of transaction refuse alike.
const ended = (how: Ending) => new Error(`Transaction is already ${how}`);
const rolledBackByDatabase = () =>
  new Error('Transaction was rolled back by the database: its later statements are refused');

/** What a lean transaction needs of the connection besides Kysely's driver. */
export interface SqliteConnectionState {
  /** Whether SQLite has a transaction open on the connection. */
  inTransaction(): boolean;
  /** Runs a statement at once on the connection. */
  runNow(text: string, parameters: readonly unknown[]): Record<string, unknown>[];
}

/**
 * Lets writeTransaction run SQLite write transactions on `db` itself, with what Kysely's
 * `transaction().execute()` does and no more: the connection's turn (taken at once when free),
 * BEGIN IMMEDIATE, the work on a Transaction bound to the connection, then COMMIT, or ROLLBACK
 * when the work throws or the commit fails. Kysely's version goes through a transaction builder,
 * a connection provider and a runtime driver, each with promises of its own, on every write.
 *
 * The work's statements run at once on the connection the transaction holds (runRead and
 * runWrite given the Transaction; others through its executor), as nothing else may use it
 * meanwhile. A statement on the Transaction after its end is refused, as Kysely refuses it;
 * so is one after SQLite rolled the transaction back by itself (a full disk), which would
 * otherwise commit on its own.
 */
export function allowSqliteWrites(
  db: Db,
  dialect: ImmediateSqliteDialect,
  { inTransaction, runNow }: SqliteConnectionState,
): void {
  const { driver } = dialect;
  const base = db.getExecutor();
  const props = { config: { dialect }, driver, dialect };
  const run = (query: CompiledQuery) => driver.connection.run(query);
  // After a failed statement SQLite may have rolled the transaction back itself (a full disk):
  // a ROLLBACK then would fail and hide the work's own error.
  const rollback = () => {
    if (inTransaction()) run(ROLLBACK);
  };
  const write: SqliteWrite = async (work) => {
    const waiting = driver.hold();
    if (waiting) await waiting;
    let ending: Ending | undefined;
    const refusal = () =>
      ending !== undefined ? ended(ending) : inTransaction() ? undefined : rolledBackByDatabase();
    const connection = {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const refused = refusal();
        return refused ? Promise.reject(refused) : driver.connection.executeQuery<R>(query);
      },
      streamQuery: () => {
        throw new Error('specrun does not stream queries on SQLite');
      },
    } as DatabaseConnection;
    const executor = base.withConnectionProvider({ provideConnection: (use) => use(connection) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Db
    const trx = new Transaction<any>({ ...props, executor });
    // Refused statements take Kysely's way, which refuses them with the same error.
    allowImmediateReads(trx, (text, parameters) =>
      refusal() ? undefined : runNow(text, parameters),
    );
    try {
      run(BEGIN);
      let result;
      try {
        result = await work(trx);
        ending = 'committed';
        run(COMMIT);
      } catch (error) {
        ending = 'rolled back';
        rollback();
        throw error;
      }
      return result;
    } finally {
      ending ??= 'rolled back';
      void driver.releaseConnection();
    }
  };
  writers.set(db, write);
}
