// The baseline's SQL on PostgreSQL with pg: a pool of 10 connections (specrun's default), the
// same statements as on SQLite, and READ COMMITTED write transactions, as specrun runs them.
import pg from 'pg';
import { cancelRefusal, MAX_OPEN_TICKETS, tooManyOpen, unknownProduct } from './tickets-rules.mjs';
import { uuid7 } from './uuid7.mjs';

const COLUMNS =
  '"id", "title", "body", "priority", "product", "customer", "assignee", "internalNote", "resolvedAt", "status", "createdAt", "updatedAt", "createdBy", "version"';
const iso = (d) => (d === null ? null : d.toISOString());

/** A row in its wire form: instants as ISO text, the version as a number. */
const wire = (row) =>
  row && {
    ...row,
    resolvedAt: iso(row.resolvedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    version: Number(row.version),
  };

const first = (where, n) =>
  `SELECT ${COLUMNS} FROM tickets WHERE ${where} ORDER BY "createdAt" DESC, id ASC LIMIT $${n}`;
const LIST = {
  all: first('true', 1),
  own: first('customer = $1', 2),
  allAfter: first('("createdAt" < $1 OR ("createdAt" = $1 AND id > $2))', 3),
  ownAfter: first('customer = $1 AND ("createdAt" < $2 OR ("createdAt" = $2 AND id > $3))', 4),
};

async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Opens the store on the database specrun created. */
export function pgStore(url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const one = async (client, text, values) => (await client.query({ text, values })).rows[0];
  return {
    async actorBySession(hash, now) {
      const row = await one(
        pool,
        `SELECT u.id, u.email, u.name, coalesce((SELECT json_agg(role ORDER BY role) FROM user_roles WHERE "userId" = u.id), '[]'::json) AS roles
         FROM _specrun_sessions s JOIN users u ON u.id = s."userId" WHERE s."tokenHash" = $1 AND s."expiresAt" > $2`,
        [hash, now],
      );
      return row;
    },
    async listTickets(customer, limit, after) {
      const own = customer === null ? [] : [customer];
      const text = LIST[(customer === null ? 'all' : 'own') + (after ? 'After' : '')];
      const values = after ? [...own, after.createdAt, after.id, limit] : [...own, limit];
      return (await pool.query({ text, values })).rows.map(wire);
    },
    getTicket: async (id) =>
      wire(await one(pool, `SELECT ${COLUMNS} FROM tickets WHERE id = $1`, [id])),
    createTicket: (user, values, at) =>
      inTransaction(pool, async (client) => {
        const open = await one(
          client,
          `SELECT count(*) AS n FROM tickets WHERE customer = $1 AND status <> 'closed'`,
          [user.id],
        );
        if (Number(open.n) >= MAX_OPEN_TICKETS) throw tooManyOpen();
        if (
          values.product !== null &&
          !(await one(client, 'SELECT 1 FROM products WHERE id = $1', [values.product]))
        )
          throw unknownProduct();
        const { title, body, priority, product } = values;
        const row = await one(
          client,
          `INSERT INTO tickets (id, title, body, priority, product, customer, status, "createdAt", "updatedAt", "createdBy", version)
           VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $7, $6, 1) RETURNING ${COLUMNS}`,
          [uuid7(), title, body, priority, product, user.id, at],
        );
        return wire(row);
      }),
    cancelTicket: (user, id, at) =>
      inTransaction(pool, async (client) => {
        const row = wire(
          await one(client, `SELECT ${COLUMNS} FROM tickets WHERE id = $1 FOR UPDATE`, [id]),
        );
        const refusal = cancelRefusal(user, row);
        if (refusal) throw refusal;
        const updated = await one(
          client,
          `UPDATE tickets SET status = 'closed', "updatedAt" = $1, version = version + 1 WHERE id = $2 RETURNING ${COLUMNS}`,
          [at, id],
        );
        await client.query(
          `INSERT INTO tickets_history (id, "recordId", action, "fromState", "toState", input, "byUser", at) VALUES ($1, $2, 'cancel', $3, 'closed', NULL, $4, $5)`,
          [uuid7(), id, row.status, user.id, at],
        );
        return wire(updated);
      }),
    close: () => pool.end(),
  };
}
