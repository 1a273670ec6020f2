// The benchmark's data, made the same way for SQLite and PostgreSQL: products, customers and an
// agent, and tickets spread over two years with a realistic mix of states. Deterministic, so
// every run lists the same pages.
import { createHash, randomBytes } from 'node:crypto';
import { uuid7 } from '../baseline/uuid7.mjs';

/** Other customers whose tickets surround the measured customer's. */
export const CUSTOMERS = 2000;
/**
 * Customers who open tickets in the create run, one after the other: tickets come from many
 * people at once, each with a few open, as in a helpdesk. (One customer opening them all would
 * have thousands open by the end, and the rule's count of their open tickets would grow with the
 * length of the run.)
 */
export const CREATORS = 100;
/** Tickets of the customer whose list and reads are measured, at every size. */
export const OWN_TICKETS = 1000;
const PRODUCTS = 20;
const DAY = 86_400_000;
const TWO_YEARS = 730 * DAY;
const START = Date.parse('2024-01-01T00:00:00.000Z');
/**
 * Every generated ticket is older than its SLA and than AUTO_CLOSE_AFTER, so it is in the state
 * section 4's automatic rows have taken it to: escalated, not open; closed, not resolved (10% of
 * tickets are each). specrun's scheduler then finds nothing to do during the run.
 */
const STATES = [
  ['closed', 0.8],
  ['assigned', 0.1],
  ['escalated', 0.1],
];

/** A small deterministic random source (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (ms) => new Date(ms).toISOString();

function pick(rand) {
  let r = rand();
  for (const [state, weight] of STATES) if ((r -= weight) < 0) return state;
  return 'closed';
}

/** Users (besides those who sign up through the API) and products: rows per table. */
export function baseRows() {
  const users = [];
  const roles = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const at = iso(START + i * 1000);
    users.push({
      id: uuid7(START + i * 1000),
      email: `customer${i}@bench.test`,
      name: `Customer ${i}`,
      createdAt: at,
      updatedAt: at,
      createdBy: null,
      version: 1,
    });
  }
  const agent = {
    id: uuid7(START),
    email: 'agent@bench.test',
    name: 'Agent',
    createdAt: iso(START),
    updatedAt: iso(START),
    createdBy: null,
    version: 1,
  };
  users.push(agent);
  for (const u of users) roles.push({ userId: u.id, role: u === agent ? 'agent' : 'customer' });
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    id: uuid7(START + i),
    name: `Product ${i}`,
    active: 1,
    createdAt: iso(START + i),
    updatedAt: iso(START + i),
    createdBy: null,
    version: 1,
  }));
  return { users, roles, products, agent };
}

const BODY =
  'Since the last update the printer in room 2 stops after a few pages and shows error E-42. ' +
  'We restarted it twice and cleaned the tray; it happens with every paper size we tried.';

/**
 * Tickets number `from` to `to - 1` of a data set growing towards `total`: every tenth of the
 * first OWN_TICKETS × 10 belongs to the measured customer, the rest to the other customers.
 * `createdAt` grows with the number, so a larger data set only adds newer tickets of others.
 */
export function* ticketRows(from, to, { own, customers, products, agent }) {
  const rand = random(from + 1);
  for (let i = from; i < to; i++) {
    const createdMs = START + Math.floor((i * TWO_YEARS) / 2_000_000);
    const mine = i < OWN_TICKETS * 10 && i % 10 === 0;
    const customer = mine ? own : customers[Math.floor(rand() * customers.length)].id;
    const status = pick(rand);
    const done = status === 'closed';
    const at = iso(createdMs);
    yield {
      id: uuid7(createdMs),
      title: `Ticket ${i}: printing stops after a few pages`,
      body: BODY,
      priority: ['low', 'normal', 'normal', 'high'][Math.floor(rand() * 4)],
      product: rand() < 0.8 ? products[Math.floor(rand() * products.length)].id : null,
      customer,
      assignee: status === 'escalated' ? null : agent,
      internalNote: null,
      resolvedAt: done ? iso(createdMs + DAY) : null,
      status,
      createdAt: at,
      updatedAt: done ? iso(createdMs + DAY) : at,
      createdBy: customer,
      version: done ? 3 : 2,
    };
  }
}

/**
 * Sessions for the first CREATORS customers, as specrun keeps them (the SHA-256 of a random
 * token); answers the rows of its sessions table and the Cookie headers that go with them.
 */
export function creatorSessions(customers) {
  const now = Date.now();
  const sessions = customers.slice(0, CREATORS).map((user) => {
    const token = randomBytes(32).toString('base64url');
    const row = {
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      userId: user.id,
      createdAt: now,
      expiresAt: now + 86_400_000,
    };
    return { row, cookie: `specrun_session=${token}` };
  });
  return { rows: sessions.map((s) => s.row), cookies: sessions.map((s) => s.cookie) };
}

/** `count` open tickets of one customer, for the transitions to close one by one. */
export function* openTickets(customer, count) {
  const now = Date.now() - count;
  for (let i = 0; i < count; i++) {
    const at = iso(now + i);
    yield {
      id: uuid7(now + i),
      title: `Pool ticket ${i}`,
      body: BODY,
      priority: 'normal',
      product: null,
      customer,
      assignee: null,
      internalNote: null,
      resolvedAt: null,
      status: 'open',
      createdAt: at,
      updatedAt: at,
      createdBy: customer,
      version: 1,
    };
  }
}

/** The tickets table's columns, in the order the seeders insert them. */
export const TICKET_COLUMNS = [
  'id',
  'title',
  'body',
  'priority',
  'product',
  'customer',
  'assignee',
  'internalNote',
  'resolvedAt',
  'status',
  'createdAt',
  'updatedAt',
  'createdBy',
  'version',
];
