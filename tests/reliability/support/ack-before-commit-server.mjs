// The broken control of the crash test: it answers 201 first and writes later (a batch every
// 100 ms, synchronous=OFF), as a server that acknowledges before commit would. A SIGKILL loses
// what it acknowledged; the crash checker must notice. `node … DATA_DIR PORT`.
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const [dir, port] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const db = new Database(join(dir, 'control.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = OFF');
db.exec('CREATE TABLE IF NOT EXISTS products (name TEXT PRIMARY KEY)');
const insert = db.prepare('INSERT OR IGNORE INTO products (name) VALUES (?)');
const flush = db.transaction((names) => names.forEach((name) => insert.run(name)));
let pending = [];
setInterval(() => {
  flush(pending);
  pending = [];
}, 100);

createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/api/_health')
    return response.end('{"status":"ok"}');
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const { name } = JSON.parse(body);
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ name }));
    pending.push(name);
  });
}).listen(Number(port), '127.0.0.1');
