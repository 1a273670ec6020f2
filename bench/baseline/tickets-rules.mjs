// Helpdesk's rules for tickets, written out by hand from the specification: who reads which
// tickets, what a customer may send, the section 5 rules and which actions a ticket offers.
import { Problem } from './problem.mjs';

/** Section 9, as the benchmark's copy of the specification sets it. */
export const MAX_OPEN_TICKETS = Number(process.env.MAX_OPEN_TICKETS ?? 5);
const MIN_HIGH_PRIORITY_BODY = 40;
const REOPEN_WINDOW_MS = 72 * 3600_000;
const PRIORITIES = new Set(['low', 'normal', 'high']);
const CREATABLE = new Set(['title', 'body', 'priority', 'product']);

const isStaff = (actor) => actor.roles.includes('agent') || actor.roles.includes('admin');
const isCustomer = (actor) => actor.roles.includes('customer');

/** Whose tickets the caller may read: all, only their own, or none. */
export function readScope(actor) {
  if (!actor) throw new Problem(401, 'UNAUTHENTICATED', 'Sign in to do this.');
  if (isStaff(actor)) return 'all';
  if (isCustomer(actor)) return 'own';
  throw new Problem(403, 'FORBIDDEN', 'You may not do this.');
}

/** Whether the caller may read this ticket. */
export const canRead = (actor, row) => readScope(actor) === 'all' || row.customer === actor.id;

/** The actions the caller may take on the ticket now: section 4's in its table's order, then section 6's writes. */
function actionsOf(actor, row, now) {
  const agent = isStaff(actor);
  const mine = isCustomer(actor) && row.customer === actor.id;
  const own = actor.roles.includes('admin') || mine;
  const actions = [];
  const waiting = row.status === 'open' || row.status === 'escalated';
  if (waiting && agent) actions.push('assign', 'take');
  if (row.status === 'assigned' && agent && row.assignee === actor.id) actions.push('resolve');
  if (row.status === 'resolved') {
    const resolvedAt = row.resolvedAt ? Date.parse(row.resolvedAt) : NaN;
    if (own && now - resolvedAt < REOPEN_WINDOW_MS) actions.push('reopen');
    if (own || agent) actions.push('close');
  }
  if ((waiting || row.status === 'assigned') && own) actions.push('cancel');
  // Then the writes of section 6: agents and admins update any ticket, a customer their own
  // while it is open; only admins delete.
  if (agent || (mine && row.status === 'open')) actions.push('update');
  if (actor.roles.includes('admin')) actions.push('delete');
  return actions;
}

/** A ticket as the caller may see it: customers never see the internal note. */
export function answer(actor, row, now) {
  const { internalNote, ...rest } = row;
  const shown = isStaff(actor) ? { ...rest, internalNote } : rest;
  return { ...shown, actions: actionsOf(actor, row, now) };
}

/** A customer's new ticket from the request body, with every problem found at once. */
export function readCreate(actor, body) {
  if (!actor) throw new Problem(401, 'UNAUTHENTICATED', 'Sign in to do this.');
  if (!isCustomer(actor) && !actor.roles.includes('admin'))
    throw new Problem(403, 'FORBIDDEN', 'You may not do this.');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Problem(400, 'BAD_REQUEST', 'The body must be a JSON object.');
  const extra = Object.keys(body).filter((k) => !CREATABLE.has(k));
  if (extra.length > 0)
    throw new Problem(400, 'BAD_REQUEST', `These fields cannot be sent: ${extra.join(', ')}.`);
  const { title, body: text, priority = 'normal', product = null } = body;
  const errors = [];
  const bad = (field) =>
    errors.push({ field, code: 'VALIDATION_FAILED', message: 'Some fields need attention.' });
  if (typeof title !== 'string' || title.length < 3 || title.length > 120) bad('title');
  if (typeof text !== 'string' || text.length === 0 || text.length > 10_000) bad('body');
  if (!PRIORITIES.has(priority)) bad('priority');
  if (product !== null && typeof product !== 'string') bad('product');
  if (priority === 'high' && typeof text === 'string' && text.length < MIN_HIGH_PRIORITY_BODY)
    errors.push({
      code: 'HIGH_PRIORITY_NEEDS_DETAIL',
      message: `A high-priority ticket needs a description of at least ${MIN_HIGH_PRIORITY_BODY} characters.`,
    });
  if (errors.length > 0)
    throw new Problem(422, 'VALIDATION_FAILED', 'Some fields need attention.', errors);
  return { title, body: text, priority, product };
}

/** The TOO_MANY_OPEN_TICKETS refusal. */
export const tooManyOpen = () =>
  new Problem(
    409,
    'TOO_MANY_OPEN_TICKETS',
    `You already have ${MAX_OPEN_TICKETS} tickets in progress. Close one before opening another.`,
  );

/** An unknown product is a field problem, as any reference to nothing. */
export const unknownProduct = () =>
  new Problem(422, 'VALIDATION_FAILED', 'Some fields need attention.', [
    { field: 'product', code: 'VALIDATION_FAILED', message: 'Some fields need attention.' },
  ]);

/** Why the caller may not cancel this ticket now, or null when they may. */
export function cancelRefusal(actor, row) {
  if (!row || !canRead(actor, row))
    return new Problem(404, 'NOT_FOUND', 'There is no such ticket.');
  const own = actor.roles.includes('admin') || (isCustomer(actor) && row.customer === actor.id);
  if (!own) return new Problem(403, 'FORBIDDEN', 'You may not do this.');
  if (!['open', 'escalated', 'assigned'].includes(row.status))
    return new Problem(409, 'TRANSITION_NOT_ALLOWED', 'This ticket cannot do that now.');
  return null;
}
