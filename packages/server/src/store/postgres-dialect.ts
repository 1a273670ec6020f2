import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Pool, PoolClient, QueryResult as PgResult } from 'pg';

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

const AFFECTS_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** pg's answer as Kysely's: a statement's rows, and how many rows a write changed. */
function kyselyResult<R>({ command, rowCount, rows }: PgResult): QueryResult<R> {
  return {
    numAffectedRows: AFFECTS_ROWS.has(command) ? BigInt(rowCount ?? 0) : undefined,
    rows: (rows ?? []) as R[],
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** How many statement texts a pool prepares by name: each connection keeps as many, at most. */
export const NAMED_STATEMENTS = 256;

/**
 * Names for the statement texts a pool runs with parameters: the first NAMED_STATEMENTS it sees
 * (the application's statements are a few shapes per call, seen from its first requests on). A
 * named statement is parsed once per connection and its plan may be kept, where an unnamed one is
 * parsed and planned on every run: on the helpdesk's create, a third of PostgreSQL's work.
 * Statements without parameters (DDL, a turn's locks with their keys inlined) stay unnamed: their
 * texts are one-offs.
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private generation = 0;

  of(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < NAMED_STATEMENTS)
      this.names.set(sql, (name = `specrun_${this.generation}_${this.names.size}`));
    return name;
  }

  /**
   * After a schema change (a migration): a statement prepared before keeps the parameter types
   * it was parsed with, which a changed column may no longer accept, so every text gets a new
   * name and is prepared afresh. Statements of the old names stay on their connections unused:
   * migrations are rare in a server's life.
   */
  forget(): void {
    this.names.clear();
    this.generation++;
  }
}

/**
 * One pooled connection. A transaction's BEGIN waits for its first statement: when that statement
 * takes no parameters (a write's turn, whose lock keys are the engine's own numbers), both go in
 * one message, PostgreSQL's simple query protocol running them in order, and the write saves the
 * round trip the baseline does not pay; otherwise BEGIN goes alone first, as Kysely sends it.
 */
class PostgresConnection implements DatabaseConnection {
  private beginPending = false;

  constructor(
    readonly client: PoolClient,
    private readonly names: StatementNames,
  ) {}

  beginLater(): void {
    this.beginPending = true;
  }

  /** Forgets a BEGIN never sent: the transaction ran no statement, so there is nothing to end. */
  endUnbegun(): boolean {
    const unbegun = this.beginPending;
    this.beginPending = false;
    return unbegun;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (SCHEMA_CHANGE.test(query.sql)) this.names.forget();
    if (this.beginPending) {
      this.beginPending = false;
      if (query.parameters.length === 0) {
        const answers = (await this.client.query(`begin; ${query.sql}`)) as unknown as PgResult[];
        return kyselyResult(answers[answers.length - 1]!);
      }
      // Through the instance's own method, which Kysely's log wraps: the BEGIN is seen as before.
      await this.executeQuery(BEGIN);
    }
    const { sql: text, parameters } = query;
    if (parameters.length === 0) return kyselyResult(await this.client.query(text));
    const name = this.names.of(text);
    return kyselyResult(await this.client.query({ text, values: [...parameters], name }));
  }

  // eslint-disable-next-line require-yield -- nothing streams: lists are read a page at a time
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('specrun does not stream queries on PostgreSQL');
  }
}

/** Kysely's PostgreSQL driver as specrun uses it: a pool of connections, BEGIN sent late, statements named. */
class PostgresDriver implements Driver {
  private readonly connections = new WeakMap<PoolClient, PostgresConnection>();
  private readonly names = new StatementNames();
  private open = true;

  constructor(private readonly pool: Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<PostgresConnection> {
    const client = await this.pool.connect();
    if (!this.open) {
      client.release();
      throw new Error('driver has already been destroyed');
    }
    let connection = this.connections.get(client);
    if (!connection)
      this.connections.set(client, (connection = new PostgresConnection(client, this.names)));
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const { isolationLevel, accessMode } = settings;
    if (isolationLevel || accessMode) {
      const mode = [isolationLevel && `isolation level ${isolationLevel}`, accessMode];
      const text = ['start transaction', ...mode].filter(Boolean).join(' ');
      await connection.executeQuery(CompiledQuery.raw(text));
      return;
    }
    (connection as PostgresConnection).beginLater();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection as PostgresConnection).endUnbegun()) await connection.executeQuery(COMMIT);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection as PostgresConnection).endUnbegun()) await connection.executeQuery(ROLLBACK);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const held = connection as PostgresConnection;
    held.endUnbegun();
    held.client.release();
  }

  async destroy(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await this.pool.end();
  }
}

/**
 * Kysely's PostgreSQL dialect (compiler, adapter, introspector) on specrun's driver: BEGIN sent
 * with a transaction's first statement, statements with parameters prepared by name.
 */
export class SpecrunPostgresDialect extends PostgresDialect {
  constructor(private readonly pool: Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new PostgresDriver(this.pool);
  }
}
