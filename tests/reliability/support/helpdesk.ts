import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addUser, call, signIn, signUp, type Caller } from './accounts.js';
import { startSpecrun, type SpecrunProcess, type Storage } from './specrun-process.js';

/** The helpdesk example: row-level permissions, a lifecycle, count rules, unique fields. */
export const HELPDESK = fileURLToPath(
  new URL('../../../examples/helpdesk.spec.md', import.meta.url),
);

// Every folder made here goes when the test process ends (after its servers, which die first).
const folders: string[] = [];
process.once('exit', () => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A fresh SQLite data folder. */
export function freshData(): { data: string } {
  const folder = mkdtempSync(join(tmpdir(), 'specrun-reliability-'));
  folders.push(folder);
  return { data: join(folder, 'data') };
}

/** A served helpdesk with one of each kind of caller and one record of each entity. */
export interface Helpdesk {
  server: SpecrunProcess;
  storage: Storage;
  admin: Caller;
  agent: Caller;
  customer: Caller;
  ids: { product: string; ticket: string; comment: string };
}

let accounts = 0;

/** Makes the accounts (admin and agent by the CLI, a customer by sign-up) and some records. */
export async function startHelpdesk(storage: Storage = freshData()): Promise<Helpdesk> {
  const n = ++accounts;
  await addUser(HELPDESK, storage, `admin${n}@reliability.test`, 'admin');
  await addUser(HELPDESK, storage, `agent${n}@reliability.test`, 'agent');
  const server = await startSpecrun(HELPDESK, storage);
  const admin = await signIn(server.base, `admin${n}@reliability.test`);
  const agent = await signIn(server.base, `agent${n}@reliability.test`);
  const customer = await signUp(server.base, `customer${n}@reliability.test`);
  const made = async (caller: Caller, path: string, body: unknown) => {
    const answer = await call(server.base, caller, 'POST', path, body);
    if (answer.status !== 201)
      throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.id as string;
  };
  const product = await made(admin, '/api/products', { name: `Printer ${n}` });
  const ticket = await made(customer, '/api/tickets', {
    title: 'Printer jammed',
    body: 'Tray 2.',
    product,
  });
  const comment = await made(customer, '/api/comments', { ticket, body: 'Still jammed.' });
  return { server, storage, admin, agent, customer, ids: { product, ticket, comment } };
}
