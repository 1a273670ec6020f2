// The hand-written lean server: the public catalogue of bench/lean/items.spec.md as a careful
// engineer writes it with Fastify and better-sqlite3, on the very database specrun made. One
// prepared statement per read; the newest-first list reads the index on (createdAt DESC, id)
// that specrun derives from the specification (the run checks it is there).
// `node bench/baseline/items-server.mjs --port N --sqlite FILE`.
import { parseArgs } from 'node:util';
import { baselineApp, serve } from './app.mjs';
import { cursorAfter, readCursor } from './cursor.mjs';
import { Problem } from './problem.mjs';
import { openSqlite } from './sqlite-open.mjs';

/** Section 9's PAGE_SIZE, and specrun's MAX_PAGE_SIZE. */
const PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const COLUMNS =
  '"id", "title", "body", "price", "stock", "createdAt", "updatedAt", "createdBy", "version"';
const NEWEST_FIRST = 'ORDER BY "createdAt" DESC, id ASC LIMIT ?';
const LIMIT = /^[1-9][0-9]*$/;

const { values: args } = parseArgs({
  options: { port: { type: 'string' }, sqlite: { type: 'string' } },
});
const db = openSqlite(args.sqlite);
const first = db.prepare(`SELECT ${COLUMNS} FROM items ${NEWEST_FIRST}`);
const after = db.prepare(
  `SELECT ${COLUMNS} FROM items WHERE "createdAt" < ? OR ("createdAt" = ? AND id > ?) ${NEWEST_FIRST}`,
);
const byId = db.prepare(`SELECT ${COLUMNS} FROM items WHERE id = ?`);

// A public item offers nobody an action: specrun answers `actions: []` (and, for one item, an
// empty specrun-actions header).
const answer = (row) => ({ ...row, actions: [] });

const app = await baselineApp();
app.addHook('onRequest', async (_request, reply) => {
  reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
});

app.get('/api/items', async (request) => {
  const { limit = String(PAGE_SIZE), cursor, ...rest } = request.query;
  if (Object.keys(rest).length > 0)
    throw new Problem(400, 'BAD_REQUEST', `Unknown parameters: ${Object.keys(rest).join(', ')}.`);
  if (!LIMIT.test(limit) || Number(limit) > MAX_PAGE_SIZE)
    throw new Problem(
      400,
      'BAD_REQUEST',
      `limit must be a whole number from 1 to ${MAX_PAGE_SIZE} (MAX_PAGE_SIZE).`,
    );
  const size = Number(limit);
  const rows =
    cursor === undefined
      ? first.all(size + 1)
      : (({ createdAt, id }) => after.all(createdAt, createdAt, id, size + 1))(readCursor(cursor));
  const items = rows.slice(0, size).map(answer);
  return rows.length > size ? { items, nextCursor: cursorAfter(rows[size - 1]) } : { items };
});

app.get('/api/items/:id', async (request, reply) => {
  const row = byId.get(request.params.id);
  if (!row) throw new Problem(404, 'NOT_FOUND', `No Item ${request.params.id}.`);
  reply.header('etag', `"${row.version}"`).header('specrun-actions', '');
  return answer(row);
});

await serve(app, Number(args.port ?? 3101), () => db.close());
