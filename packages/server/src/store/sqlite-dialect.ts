import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { CachingDatabase } from './sqlite-statements.js';

export const BEGIN = CompiledQuery.raw('begin immediate');
export const COMMIT = CompiledQuery.raw('commit');
export const ROLLBACK = CompiledQuery.raw('rollback');
// Settled promises can be answered any number of times: none is made per call.
const DONE = Promise.resolve();

/** Runs `work` now, answering a promise of its outcome as Kysely's driver methods do. */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** The one connection: each statement runs at once, as better-sqlite3 runs them. */
export class SqliteConnection implements DatabaseConnection {
  constructor(private readonly db: CachingDatabase) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return settled(() => this.run<R>(query.sql, query.parameters));
  }

  /**
   * Runs a statement now: its rows (none for a write without RETURNING), as Kysely answers. With
   * `firstOnly`, a read of one row at most (by a key) stops at that row, as .get() does.
   */
  run<R>(sql: string, parameters: readonly unknown[], firstOnly = false): QueryResult<R> {
    const statement = this.db.prepare(sql);
    if (statement.reader) {
      if (!firstOnly) return { rows: statement.all(parameters) as R[] };
      const row = statement.get(parameters) as R | undefined;
      return { rows: row === undefined ? [] : [row] };
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId:
        lastInsertRowid === undefined || lastInsertRowid === null
          ? undefined
          : BigInt(lastInsertRowid),
      rows: [],
    };
  }

  // eslint-disable-next-line require-yield -- nothing streams: lists are read a page at a time
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('specrun does not stream queries on SQLite');
  }
}

/**
 * Kysely's SQLite driver as specrun uses it, on the path every write takes: the one connection
 * is held in turn (first come, first served) with no promise made when it is free, and a
 * transaction BEGINs IMMEDIATE, taking the write lock before it reads, so that two processes on
 * one file never both read and then deadlock upgrading to write. Kysely's own driver made
 * several promises and a query object per BEGIN, COMMIT and turn of the connection.
 */
export class ImmediateSqliteDriver implements Driver {
  readonly #db: CachingDatabase;
  readonly #connection: SqliteConnection;
  #held = false;
  readonly #waiting: (() => void)[] = [];

  constructor(db: CachingDatabase) {
    this.#db = db;
    this.#connection = new SqliteConnection(db);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    const waiting = this.hold();
    return waiting ? waiting.then(() => this.#connection) : Promise.resolve(this.#connection);
  }

  /** Takes the connection's turn: undefined when taken at once, else a promise of it. */
  hold(): Promise<void> | undefined {
    if (!this.#held) {
      this.#held = true;
      return undefined;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** The connection, for the one holding its turn. */
  get connection(): SqliteConnection {
    return this.#connection;
  }

  releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
    return DONE;
  }

  // The connection Kysely passes back is always this driver's one.
  beginTransaction(): Promise<void> {
    return this.#statement(BEGIN);
  }

  commitTransaction(): Promise<void> {
    return this.#statement(COMMIT);
  }

  rollbackTransaction(): Promise<void> {
    return this.#statement(ROLLBACK);
  }

  #statement(query: CompiledQuery): Promise<void> {
    try {
      this.#connection.run(query.sql, query.parameters);
      return DONE;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }
}

/** Kysely's SQLite dialect with specrun's driver (see ImmediateSqliteDriver). */
export class ImmediateSqliteDialect extends SqliteDialect {
  /** The driver Kysely runs on: made once, with the dialect (see open-store.ts). */
  readonly driver: ImmediateSqliteDriver;

  constructor(config: { database: CachingDatabase }) {
    super(config);
    this.driver = new ImmediateSqliteDriver(config.database);
  }

  override createDriver(): Driver {
    return this.driver;
  }
}
