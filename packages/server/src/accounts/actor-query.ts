import type { AppModel } from '@specrun/model';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Actor } from '../callers/actor.js';
import { internedRoles } from '../callers/interned-roles.js';
import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import { runRead } from '../store/fast-reads.js';
import { rowDecoder } from '../store/record-codec.js';
import { DEACTIVATED_TABLE, SESSIONS_TABLE } from './account-tables.js';

/**
 * A user's ids from a join table as one JSON array column: in `order` when given, else in no
 * particular order (roles are a set, sorted once read; the plain aggregate is markedly cheaper
 * on the hottest statement of all).
 */
function jsonList(
  dialect: Dialect,
  table: string,
  owner: string,
  item: string,
  order?: string,
): RawBuilder<unknown> {
  const t = sql.table(table);
  const [i, o] = [sql.ref(`x.${item}`), sql.ref(`x.${owner}`)];
  const user = sql.ref('u.id');
  if (dialect === 'postgres') {
    const by = order ? sql` ORDER BY ${sql.ref(`x.${order}`)}` : sql``;
    return sql`(SELECT coalesce(json_agg(${i}${by}), '[]'::json) FROM ${t} AS x WHERE ${o} = ${user})`;
  }
  if (!order) return sql`(SELECT json_group_array(${i}) FROM ${t} AS x WHERE ${o} = ${user})`;
  return sql`(SELECT json_group_array(${sql.ref(item)}) FROM (SELECT ${i} FROM ${t} AS x WHERE ${o} = ${user} ORDER BY ${sql.ref(`x.${order}`)}))`;
}

/** The extra columns that carry a user's roles and `list of` fields, by field name. */
function listColumns(users: EntityTable): [string, RawBuilder<unknown>][] {
  const columns: [string, RawBuilder<unknown>][] = users.lists.map((list) => [
    list.field,
    jsonList(users.dialect, list.table, 'recordId', 'itemId', 'position'),
  ]);
  if (users.rolesTable)
    columns.push(['roles', jsonList(users.dialect, users.rolesTable, 'userId', 'role')]);
  return columns;
}

// Aliases that cannot clash with a column: fields are camelCase.
const alias = (field: string) => `__list_${field}`;

/** Finds the signed-in user: by session (token hash) or by user id. */
export interface ActorQueries {
  /** The session's user, with the session's expiry as `__expiresAt` (see sessionActor). */
  bySession: CompiledQuery;
  byId: CompiledQuery;
  /** Turns the one row either query answers into the actor. */
  actorOf(row: Record<string, unknown>): Actor;
}

const EXPIRES = '__expiresAt';

/** The engine's fields of every record, besides its id. */
export const BOOKKEEPING = ['createdAt', 'updatedAt', 'createdBy', 'version'];

/**
 * Whether the specification may read the caller's bookkeeping (`user.createdAt`...): a look at
 * every text of the model, erring on the side of yes. An expression that reads one names `user`
 * and the field in its one text (`user.version`, `user["createdAt"]`, `[user].map(u, u.createdAt)`),
 * so a model with no such text has none. Prose that names both only costs the lookup its columns.
 * A client's filter may read them too: the list loads them then (filter-user-fields.ts).
 */
export function mayReadUserBookkeeping(model: AppModel): boolean {
  let found = false;
  JSON.stringify(model, (_key, value: unknown) => {
    if (
      typeof value === 'string' &&
      /\buser\b/.test(value) &&
      BOOKKEEPING.some((name) => value.includes(name))
    )
      found = true;
    return value;
  });
  return found;
}

/**
 * The roles column as read (JSON text on SQLite, an array on PostgreSQL), as the one array of
 * that set of roles (internedRoles): the caches roles decide find it at once.
 */
function rolesOf(value: unknown): string[] {
  if (typeof value === 'string') return internedRoles(value, () => JSON.parse(value) as string[]);
  const list = Array.isArray(value) ? (value as string[]) : [];
  return internedRoles(JSON.stringify(list), () => list);
}

/**
 * Compiles, once, the query that turns a session into its user: the session, the user's row, its
 * roles and its list fields in ONE statement, so a request pays one round trip for its caller.
 * It does not look at deactivations: an account holds sessions only while active (deactivating
 * ends them, and a session starts only in the account's turn: createSession). That look, on the
 * statement every request runs, took it from about 33 to 43 µs inside a server (docs/benchmarks.md).
 * By id, a deactivated account is nobody.
 */
export function actorQueries(db: Db, model: AppModel, users: EntityTable): ActorQueries {
  const own = model.entities
    .find((e) => e.name === 'User')!
    .fields.filter((f) => !f.builtin)
    .map((f) => f.name);
  const lists = listColumns(users);
  // Only what an actor holds: who they are, their own fields, and the bookkeeping expressions
  // may read as `user.createdAt`, `user.updatedAt`, `user.createdBy` and `user.version`, when
  // the specification may: four more columns to read and decode cost the lookup, which every
  // request runs, about a fifth of its time.
  const bookkeeping = mayReadUserBookkeeping(model) ? BOOKKEEPING : [];
  const wanted = new Set(['id', 'email', 'name', ...own, ...bookkeeping]);
  const columns = users.columns.filter((c) => wanted.has(c.name));
  const decode = rowDecoder(columns);
  const base = db
    .selectFrom(`${users.table} as u`)
    .select(columns.map((c) => `u.${c.name}`))
    .select(lists.map(([field, query]) => query.as(alias(field))));
  // The expiry is read, not compared in the WHERE: SQLite re-plans a statement whose range
  // bound on an analysed index is bound anew, and `now` is new on every request.
  const bySession = base
    .innerJoin(`${SESSIONS_TABLE} as s`, 's.userId', 'u.id')
    .select(sql.ref('s.expiresAt').as(EXPIRES))
    .where('s.tokenHash', '=', '')
    .compile();
  const byId = base
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(`${DEACTIVATED_TABLE} as d`)
            .select('d.userId')
            .whereRef('d.userId', '=', 'u.id'),
        ),
      ),
    )
    .where('u.id', '=', '')
    .compile();
  // The statements take exactly (token hash) and (id).
  if (bySession.parameters.length !== 1 || byId.parameters.length !== 1)
    throw new Error('the actor queries take unexpected parameters');
  const listAliases = lists.map(([field]) => [field, alias(field)] as const);
  const fieldNames = [...own, ...bookkeeping];
  const actorOf = (row: Record<string, unknown>): Actor => {
    const record = decode(row);
    let roles: string[] = [];
    for (const [field, as] of listAliases) {
      const value = row[as];
      if (field === 'roles') roles = rolesOf(value);
      else record[field] = typeof value === 'string' ? JSON.parse(value) : (value ?? []);
    }
    const fields: Record<string, unknown> = {};
    for (const name of fieldNames) fields[name] = record[name] ?? null;
    return {
      id: String(record.id),
      email: String(record.email),
      name: String(record.name),
      roles,
      fields,
    };
  };
  return { bySession, byId, actorOf };
}

/** The actor of a session row, or null when there is none or the session has expired. */
export function sessionActor(
  queries: ActorQueries,
  row: Record<string, unknown> | undefined,
  nowMs: number,
): Actor | null {
  return row && Number(row[EXPIRES]) > nowMs ? queries.actorOf(row) : null;
}

/** Runs a compiled actor query with its parameters; the actor, or null when no row matches. */
export async function runActorQuery(
  db: Db,
  queries: ActorQueries,
  query: CompiledQuery,
  parameters: unknown[],
): Promise<Actor | null> {
  const rows = await runRead(db, query, parameters);
  return rows[0] ? queries.actorOf(rows[0]) : null;
}
