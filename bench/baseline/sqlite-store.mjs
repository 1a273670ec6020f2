// The baseline's SQL on SQLite with better-sqlite3: prepared statements, the same connection
// settings as specrun (sqlite-open.mjs) and IMMEDIATE write transactions.
import { openSqlite } from './sqlite-open.mjs';
import { cancelRefusal, MAX_OPEN_TICKETS, tooManyOpen, unknownProduct } from './tickets-rules.mjs';
import { uuid7 } from './uuid7.mjs';

const COLUMNS =
  '"id", "title", "body", "priority", "product", "customer", "assignee", "internalNote", "resolvedAt", "status", "createdAt", "updatedAt", "createdBy", "version"';

/** Opens the store on a database file that specrun created. */
export function sqliteStore(file) {
  const db = openSqlite(file);
  const actor = db.prepare(
    `SELECT u.id, u.email, u.name, (SELECT json_group_array(role) FROM user_roles WHERE "userId" = u.id) AS roles
     FROM _specrun_sessions s JOIN users u ON u.id = s."userId" WHERE s."tokenHash" = ? AND s."expiresAt" > ?`,
  );
  const first = (where) =>
    db.prepare(
      `SELECT ${COLUMNS} FROM tickets WHERE ${where} ORDER BY "createdAt" DESC, id ASC LIMIT ?`,
    );
  const list = { all: first('1'), own: first('customer = ?') };
  const listAfter = {
    all: first('("createdAt" < ? OR ("createdAt" = ? AND id > ?))'),
    own: first('customer = ? AND ("createdAt" < ? OR ("createdAt" = ? AND id > ?))'),
  };
  const byId = db.prepare(`SELECT ${COLUMNS} FROM tickets WHERE id = ?`);
  const openCount = db.prepare(
    `SELECT count(*) AS n FROM tickets WHERE customer = ? AND status <> 'closed'`,
  );
  const product = db.prepare('SELECT 1 FROM products WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO tickets (id, title, body, priority, product, customer, status, "createdAt", "updatedAt", "createdBy", version)
     VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, 1) RETURNING ${COLUMNS}`,
  );
  const close = db.prepare(
    `UPDATE tickets SET status = 'closed', "updatedAt" = ?, version = version + 1 WHERE id = ? AND version = ? RETURNING ${COLUMNS}`,
  );
  const history = db.prepare(
    `INSERT INTO tickets_history (id, "recordId", action, "fromState", "toState", input, "byUser", at) VALUES (?, ?, 'cancel', ?, 'closed', NULL, ?, ?)`,
  );
  const create = db.transaction((user, values, at) => {
    if (openCount.get(user.id).n >= MAX_OPEN_TICKETS) throw tooManyOpen();
    if (values.product !== null && !product.get(values.product)) throw unknownProduct();
    const { title, body, priority } = values;
    // RETURNING with .all(), never .get(): .get() leaves the statement open and the WAL unable to reset.
    return insert.all(uuid7(), title, body, priority, values.product, user.id, at, at, user.id)[0];
  });
  const cancel = db.transaction((user, id, at) => {
    const row = byId.get(id);
    const refusal = cancelRefusal(user, row);
    if (refusal) throw refusal;
    const [updated] = close.all(at, id, row.version);
    history.run(uuid7(), id, row.status, user.id, at);
    return updated;
  });
  return {
    actorBySession(hash, now) {
      const row = actor.get(hash, now);
      return row && { ...row, roles: JSON.parse(row.roles) };
    },
    listTickets(customer, limit, after) {
      const scope = customer === null ? 'all' : 'own';
      const own = customer === null ? [] : [customer];
      if (!after) return list[scope].all(...own, limit);
      return listAfter[scope].all(...own, after.createdAt, after.createdAt, after.id, limit);
    },
    getTicket: (id) => byId.get(id),
    createTicket: (user, values, at) => create.immediate(user, values, at),
    cancelTicket: (user, id, at) => cancel.immediate(user, id, at),
    close: () => db.close(),
  };
}
