import {
  Transaction,
  type CompiledQuery,
  type ConnectionProvider,
  type DatabaseConnection,
  type KyselyProps,
  type QueryExecutor,
  type QueryResult,
} from 'kysely';
import type { Db } from './db-type.js';
import type { RunsAtOnce } from './fast-reads.js';
import {
  BEGIN,
  COMMIT,
  ROLLBACK,
  type ImmediateSqliteDialect,
  type ImmediateSqliteDriver,
} from './sqlite-dialect.js';

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
  /** Whether SQLite has a transaction open on the connection. */
  inTransaction: () => boolean,
): void {
  const { driver } = dialect;
  const base = db.getExecutor();
  const props = { config: { dialect }, driver, dialect };
  const run = (query: CompiledQuery) => driver.connection.run(query.sql, query.parameters);
  const write: SqliteWrite = async (work) => {
    const waiting = driver.hold();
    if (waiting) await waiting;
    const held = new HeldConnection(driver, inTransaction);
    const trx = new SqliteWriteTransaction(props, base.withConnectionProvider(held), held);
    try {
      run(BEGIN);
      let result;
      try {
        result = await work(trx);
        held.ending = 'committed';
        run(COMMIT);
      } catch (error) {
        held.ending = 'rolled back';
        // After a failed statement SQLite may have rolled back by itself (a full disk): a
        // ROLLBACK then would fail and hide the work's own error.
        if (inTransaction()) run(ROLLBACK);
        throw error;
      }
      return result;
    } finally {
      held.ending ??= 'rolled back';
      void driver.releaseConnection();
    }
  };
  writers.set(db, write);
}

/**
 * One write transaction's hold on the connection: its statements run there, at once, until it
 * ends; then they are refused (as they are once SQLite has rolled it back by itself).
 */
class HeldConnection implements DatabaseConnection, ConnectionProvider {
  ending: Ending | undefined;

  constructor(
    private readonly driver: ImmediateSqliteDriver,
    private readonly inTransaction: () => boolean,
  ) {}

  refusal(): Error | undefined {
    if (this.ending !== undefined) return ended(this.ending);
    return this.inTransaction() ? undefined : rolledBackByDatabase();
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const refused = this.refusal();
    return refused ? Promise.reject(refused) : this.driver.connection.executeQuery<R>(query);
  }

  // eslint-disable-next-line require-yield -- nothing streams: lists are read a page at a time
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('specrun does not stream queries on SQLite');
  }

  provideConnection<T>(use: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    return use(this);
  }

  /** A statement run at once; undefined when refused, so that Kysely's way refuses it. */
  runNow(
    text: string,
    parameters: readonly unknown[],
    firstOnly?: boolean,
  ): Record<string, unknown>[] | undefined {
    if (this.refusal()) return undefined;
    return this.driver.connection.run<Record<string, unknown>>(text, parameters, firstOnly).rows;
  }
}

/** The Transaction a write's work is given: its reads and writes run at once (runsAtOnce). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Db
class SqliteWriteTransaction extends Transaction<any> implements RunsAtOnce {
  readonly #held: HeldConnection;

  constructor(props: Omit<KyselyProps, 'executor'>, executor: QueryExecutor, held: HeldConnection) {
    super({ ...props, executor });
    this.#held = held;
  }

  runsAtOnce(
    text: string,
    parameters: readonly unknown[],
    firstOnly?: boolean,
  ): Record<string, unknown>[] | undefined {
    return this.#held.runNow(text, parameters, firstOnly);
  }
}
