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

/**
 * One pooled connection. A transaction's BEGIN waits for its first statement: when that statement
 * takes no parameters (a write's turn, whose lock keys are the engine's own numbers), both go in
 * one message, PostgreSQL's simple query protocol running them in order, and the write saves the
 * round trip the baseline does not pay; otherwise BEGIN goes alone first, as Kysely sends it.
 */
class PostgresConnection implements DatabaseConnection {
  private beginPending = false;

  constructor(readonly client: PoolClient) {}

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
    if (this.beginPending) {
      this.beginPending = false;
      if (query.parameters.length === 0) {
        const answers = (await this.client.query(`begin; ${query.sql}`)) as unknown as PgResult[];
        return kyselyResult(answers[answers.length - 1]!);
      }
      // Through the instance's own method, which Kysely's log wraps: the BEGIN is seen as before.
      await this.executeQuery(BEGIN);
    }
    return kyselyResult(await this.client.query(query.sql, [...query.parameters]));
  }

  // eslint-disable-next-line require-yield -- nothing streams: lists are read a page at a time
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('specrun does not stream queries on PostgreSQL');
  }
}

/** Kysely's PostgreSQL driver as specrun uses it: a pool of connections, BEGIN sent late. */
class PostgresDriver implements Driver {
  private readonly connections = new WeakMap<PoolClient, PostgresConnection>();
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
    if (!connection) this.connections.set(client, (connection = new PostgresConnection(client)));
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (settings.isolationLevel || settings.accessMode) {
      const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`];
      mode.push(settings.accessMode);
      const text = ['start transaction', ...mode.filter(Boolean)].join(' ');
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

/** Kysely's PostgreSQL dialect (compiler, adapter, introspector) on specrun's driver. */
export class LateBeginPostgresDialect extends PostgresDialect {
  constructor(private readonly pool: Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new PostgresDriver(this.pool);
  }
}
