import type { FieldKind } from './plan.js';

/** Entities a generated specification may declare, with their plurals (section 3's rule). */
export const ENTITIES: readonly { name: string; plural: string }[] = [
  { name: 'Job', plural: 'jobs' },
  { name: 'Invoice', plural: 'invoices' },
  { name: 'Room', plural: 'rooms' },
  { name: 'Course', plural: 'courses' },
  { name: 'LineItem', plural: 'line-items' },
];

/** Field names by type: a generated entity takes the first free name of the kind it draws. */
export const FIELD_NAMES: Record<Exclude<FieldKind, 'state'>, readonly string[]> = {
  text: ['title', 'code', 'label'],
  longText: ['body', 'notes'],
  integer: ['quantity', 'seats', 'renewals'],
  decimal: ['rate', 'weight'],
  money: ['price', 'amount'],
  boolean: ['urgent', 'paid'],
  date: ['dueOn', 'startsOn'],
  datetime: ['closedAt', 'startsAt'],
  email: ['contact'],
  url: ['website'],
  enum: ['priority', 'kind'],
  reference: ['owner', 'parent', 'reviewer'],
  list: ['related'],
  file: ['receipt'],
};

/** Every kind a field of an entity may draw (state is added with a lifecycle). */
export const FIELD_KINDS = Object.keys(FIELD_NAMES) as Exclude<FieldKind, 'state'>[];

export const ENUM_VALUES: readonly (readonly string[])[] = [
  ['low', 'normal', 'high'],
  ['small', 'large'],
];

export const ROLES: readonly string[] = ['member', 'clerk', 'manager'];

export const STATES: readonly string[] = ['draft', 'open', 'approved', 'closed'];

export const ACTIONS: readonly string[] = ['submit', 'approve', 'reopen', 'close', 'assign'];

/** The inputs a transition's guard or Sets may read. */
export const INPUTS: readonly string[] = ['reason', 'assignee', 'hours'];

/** Codes a generated specification may declare in its catalogue. */
export const CODES: readonly string[] = [
  'NOT_ALLOWED_NOW',
  'TOO_MANY',
  'BAD_VALUE',
  'NO_SUCH_USER',
];

/** The engine codes an Error cell may name without declaring them. */
export const ENGINE_CODES: readonly string[] = ['TRANSITION_NOT_ALLOWED', 'FORBIDDEN', 'CONFLICT'];
