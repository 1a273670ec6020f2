// Loads the benchmark's rows straight into the PostgreSQL database specrun made, a batch per
// statement through unnest(): the same rows as on SQLite.
import pg from 'pg';
import { baseRows, TICKET_COLUMNS } from './seed-rows.mjs';

const BATCH = 5_000;
const TYPES = {
  active: 'boolean',
  version: 'bigint',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
  resolvedAt: 'timestamptz',
};
// Sessions keep their instants as milliseconds.
const SESSION_TYPES = { ...TYPES, createdAt: 'bigint', expiresAt: 'bigint' };

async function insertBatch(client, table, columns, rows) {
  const types = table === '_specrun_sessions' ? SESSION_TYPES : TYPES;
  const names = columns.map((c) => `"${c}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${types[c] ?? 'text'}[]`).join(', ');
  const values = columns.map((c) => rows.map((r) => (c === 'active' ? Boolean(r[c]) : r[c])));
  await client.query(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`, values);
}

/** Connects to specrun's PostgreSQL database for loading. */
export async function openPostgresSeed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const insertAll = async (table, rows) => {
    for (let i = 0; i < rows.length; i += BATCH)
      await insertBatch(client, table, Object.keys(rows[0]), rows.slice(i, i + BATCH));
  };
  return {
    async base() {
      const base = baseRows();
      await insertAll('users', base.users);
      await insertAll('user_roles', base.roles);
      await insertAll('products', base.products);
      return base;
    },
    /** Rows of specrun's sessions table (see creatorSessions). */
    sessions: (rows) => insertAll('_specrun_sessions', rows),
    async tickets(rows) {
      let batch = [];
      for (const row of rows) {
        batch.push(row);
        if (batch.length < BATCH) continue;
        await insertBatch(client, 'tickets', TICKET_COLUMNS, batch);
        batch = [];
      }
      if (batch.length > 0) await insertBatch(client, 'tickets', TICKET_COLUMNS, batch);
    },
    analyze: () => client.query('VACUUM ANALYZE'),
    /** A table's indexes, each as its key columns (`createdAt desc` where it descends). */
    async indexes(table) {
      const { rows } = await client.query(
        'SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1',
        [table],
      );
      return rows.map(({ indexdef }) =>
        indexdef
          .slice(indexdef.lastIndexOf('(') + 1, indexdef.lastIndexOf(')'))
          .split(',')
          .map((c) =>
            c
              .trim()
              .replaceAll('"', '')
              .replace(/ DESC$/, ' desc'),
          ),
      );
    },
    close: () => client.end(),
  };
}
