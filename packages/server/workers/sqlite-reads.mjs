// The thread that runs the reads a client can make costly (filtered lists and their counts) on
// its own read-only connection, so that the server's event loop never waits on them. Plain
// JavaScript outside src/: the same file serves the TypeScript sources (tests) and dist/.
// See src/store/sqlite-reader.ts for the other side, and docs/decisions.md for why.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { registerDecimalFunctions } from './sqlite-decimal.mjs';

/** What the time check throws: the statement stops at once, with this message. */
const TIME_UP = 'specrun: the statement ran past its time limit';
// Prepared statements kept by their SQL, as on the main connection (sqlite-statements.ts).
const MAX_CACHED = 200;

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -16384');
db.pragma('temp_store = MEMORY');
// Integers as bigint, as the main connection reads them: money in minor units never a float.
db.defaultSafeIntegers(true);
// Exact decimal arithmetic, comparisons and sorting in compiled SQL call these.
registerDecimalFunctions(db);

// A costly read must not take the CPU from the event loop: on Linux, where a thread has a
// priority of its own, this one runs below the rest of the server. Elsewhere it runs as is.
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (thread > 0) setPriority(thread, 10);
} catch {
  // No /proc, or no right to change priorities: the default priority.
}

let deadline = Infinity;
// Woven into the statements sent here (list-records.ts): SQLite calls it while it scans, and
// the statement fails as soon as the clock has passed the deadline. Not deterministic, so that
// SQLite calls it each time rather than once.
db.function('specrun_in_time', { deterministic: false }, () => {
  if (Date.now() > deadline) throw new Error(TIME_UP);
  return 1;
});

const statements = new Map();
function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= MAX_CACHED) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

parentPort.on('message', ({ sql, parameters, timeLimitMs }) => {
  deadline = Date.now() + timeLimitMs;
  try {
    parentPort.postMessage({ rows: prepared(sql).all(parameters) });
  } catch (error) {
    const timedOut = error instanceof Error && error.message === TIME_UP;
    // What the main thread needs to tell the error apart: a RangeError is a value the driver
    // cannot bind (the request's mistake), a code is SQLite's.
    const { name = 'Error', message = String(error), code } = error instanceof Error ? error : {};
    parentPort.postMessage({ error: { name, message, code, timedOut } });
  } finally {
    deadline = Infinity;
  }
});
