// The hand-written baseline: Helpdesk's ticket calls as a developer would write them with
// Fastify and a SQL driver, on the very database specrun made (same tables, same indexes, same
// sessions). `node bench/baseline/server.mjs --port N (--sqlite FILE | --pg URL)`.
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import fastifyCookie from '@fastify/cookie';
import { baselineApp, serve } from './app.mjs';
import { cursorAfter, readCursor } from './cursor.mjs';
import { pgStore } from './pg-store.mjs';
import { Problem } from './problem.mjs';
import { sqliteStore } from './sqlite-store.mjs';
import { answer, canRead, readCreate, readScope } from './tickets-rules.mjs';

const { values: args } = parseArgs({
  options: { port: { type: 'string' }, sqlite: { type: 'string' }, pg: { type: 'string' } },
});
const store = args.pg ? pgStore(args.pg) : sqliteStore(args.sqlite);

const app = await baselineApp();
await app.register(fastifyCookie);

// The session: the cookie's token, hashed as specrun stores it, joined to its user and roles.
app.addHook('onRequest', async (request, reply) => {
  request.actor = null;
  reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
  const token = request.cookies.specrun_session;
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return;
  const hash = createHash('sha256').update(token).digest('base64url');
  request.actor = (await store.actorBySession(hash, Date.now())) ?? null;
});

const LIMIT = /^[1-9][0-9]*$/;

/** One ticket as specrun answers it: the body, its version as ETag, its actions in a header. */
function answerOne(reply, actor, row, now) {
  const body = answer(actor, row, now);
  reply.header('etag', `"${row.version}"`).header('specrun-actions', body.actions.join(', '));
  return body;
}

app.get('/api/tickets', async (request) => {
  const { limit = '25', cursor, ...rest } = request.query;
  if (Object.keys(rest).length > 0)
    throw new Problem(400, 'BAD_REQUEST', `Unknown parameters: ${Object.keys(rest).join(', ')}.`);
  if (!LIMIT.test(limit) || Number(limit) > 100)
    throw new Problem(400, 'BAD_REQUEST', 'limit: from 1 to 100.');
  const actor = request.actor;
  const customer = readScope(actor) === 'own' ? actor.id : null;
  const after = cursor === undefined ? undefined : readCursor(cursor);
  const size = Number(limit);
  const rows = await store.listTickets(customer, size + 1, after);
  const now = Date.now();
  const items = rows.slice(0, size).map((row) => answer(actor, row, now));
  return rows.length > size ? { items, nextCursor: cursorAfter(rows[size - 1]) } : { items };
});

app.get('/api/tickets/:id', async (request, reply) => {
  readScope(request.actor);
  const row = await store.getTicket(request.params.id);
  if (!row || !canRead(request.actor, row))
    throw new Problem(404, 'NOT_FOUND', 'There is no such ticket.');
  return answerOne(reply, request.actor, row, Date.now());
});

app.post('/api/tickets', async (request, reply) => {
  const values = readCreate(request.actor, request.body);
  const now = new Date();
  const row = await store.createTicket(request.actor, values, now.toISOString());
  reply.status(201).header('location', `/api/tickets/${row.id}`);
  return answerOne(reply, request.actor, row, now.getTime());
});

app.post('/api/tickets/:id/cancel', async (request, reply) => {
  readScope(request.actor);
  const now = new Date();
  const row = await store.cancelTicket(request.actor, request.params.id, now.toISOString());
  return answerOne(reply, request.actor, row, now.getTime());
});

await serve(app, Number(args.port ?? 3100), () => store.close());
