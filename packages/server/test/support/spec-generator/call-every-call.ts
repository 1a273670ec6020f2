import { actionInputs, apiCalls, pathOf, type AppModel, type ApiCall } from '@specrun/model';
import type { FastifyInstance } from 'fastify';
import { envelop, payloadFields } from '../../http/support/wire-shapes.js';
import { sampleValue } from '../../operations/support/sample-values.js';
import { plausibleBody, type Person, type Seeded } from './seed-records.js';

type Body = Record<string, unknown>;

/** A plausible value for a transition's input, by its name in the generator (names.ts). */
function inputValue(name: string, person: Person): unknown {
  if (name === 'hours') return 3;
  if (name === 'assignee') return person.actor.id;
  return 'because the plan changed';
}

/** The body a call is sent with: the fields or inputs its payload names, in its envelopes. */
function bodyOf(call: ApiCall, model: AppModel, seeded: Seeded, person: Person): Body | undefined {
  const op = call.operation;
  const entity = 'entity' in op ? model.entities.find((e) => e.name === op.entity) : undefined;
  const allowed = payloadFields(call.payload);
  const only = (body: Body) =>
    Object.fromEntries(Object.entries(body).filter(([k]) => !allowed || allowed.has(k)));
  switch (op.kind) {
    case 'create':
    case 'update': {
      const body = only(plausibleBody(entity!, seeded, person.actor));
      if (op.kind === 'update') for (const key of Object.keys(body).slice(1)) delete body[key];
      return envelop(call.payload, body);
    }
    case 'transition': {
      const inputs = actionInputs(model, op.entity, op.action);
      const body = Object.fromEntries(inputs.map((i) => [i.name, inputValue(i.name, person)]));
      return envelop(call.payload, only(body));
    }
    case 'sign-in':
      return { email: person.actor.email, password: 'not the password at all' };
    case 'sign-up':
      return {
        email: `new-${person.actor.email}`,
        name: 'New',
        password: 'a long enough password 1',
      };
    case 'change-password':
      return {
        currentPassword: 'not the password at all',
        newPassword: 'a long enough password 2',
      };
    default:
      return call.method === 'GET' || call.method === 'DELETE' ? undefined : {};
  }
}

/** The problem code of an answer, if it is a problem. */
function codeOf(body: string): string {
  try {
    return String((JSON.parse(body) as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
}

/** A record in a state the action leaves from, so that its guard is reached. */
function fromState(
  model: AppModel,
  seeded: Seeded,
  op: { entity: string; action: string },
): string | undefined {
  const rows = model.lifecycles.find((l) => l.entity === op.entity)?.transitions ?? [];
  const from = rows.find((r) => r.action === op.action)?.from[0];
  return (from && seeded.inState.get(op.entity)?.get(from)) ?? seeded.records.get(op.entity)?.id;
}

const lifecycleOf = (model: AppModel, entity: string) =>
  model.lifecycles.find((l) => l.entity === entity);

/** The query strings a list call is also tried with: filter, sort, include and a field. */
function listQueries(model: AppModel, entity: string, filters: readonly string[]): string[] {
  const fields = model.entities.find((e) => e.name === entity)?.fields ?? [];
  const queries = filters.map((f) => `filter=${encodeURIComponent(f)}`);
  const sortable = fields.find((f) => !f.builtin && !['list', 'file'].includes(f.type.kind));
  if (sortable) queries.push(`sort=-${sortable.name},id`);
  const reference = fields.find((f) => f.type.kind === 'reference' && !f.builtin);
  if (reference) queries.push(`include=${reference.name}`);
  const choice = fields.find((f) => f.type.kind === 'enum' || f.type.kind === 'state');
  const value =
    choice?.type.kind === 'state'
      ? lifecycleOf(model, entity)?.initial
      : choice && sampleValue(choice);
  if (choice) queries.push(`${choice.name}=${encodeURIComponent(String(value))}&limit=1`);
  return queries;
}

/**
 * Whether an answer refuses a filter for what it is, not for whom: counting records, or following
 * a reference. (A field the caller may not read is section 6 at work.)
 */
function refusesConstruct(body: string): boolean {
  const detail = String((JSON.parse(body) as { detail?: unknown }).detail ?? '');
  return /^filter: (count\(\) is not available|only the id of)/.test(detail);
}

/** Calls that end something (a record, a session) come last, so the others find it still there. */
const ending = (call: ApiCall) => call.method === 'DELETE' || call.operation.kind === 'sign-out';

/**
 * Makes every call the application serves once per person (and once signed out), on the seeded
 * records, and answers what went wrong on the server's side: each 5xx answer, with what the
 * server logged, and a list screen's own filter refused for what it is. Other refusals (4xx) are
 * the application doing its work. `tally` counts the answers
 * by operation, status and code, to see what a run reached.
 */
export async function callEveryCall(
  app: FastifyInstance,
  model: AppModel,
  seeded: Seeded,
  logged: string[],
  tally?: Map<string, number>,
  filters: readonly { entity: string; filter: string }[] = [],
): Promise<string[]> {
  const findings: string[] = [];
  const calls = apiCalls(model);
  const ordered = [...calls.filter((c) => !ending(c)), ...calls.filter(ending)];
  const callers: (Person | undefined)[] = [...seeded.people, undefined];
  const screenFilters = model.screens
    .filter((s) => s.kind === 'list' && s.filter)
    .map((s) => `filter=${encodeURIComponent(s.filter!.source)}`);
  const send = async (call: ApiCall, person: Person | undefined, query: string) => {
    const op = call.operation;
    const record = 'entity' in op ? seeded.records.get(op.entity) : undefined;
    const id = op.kind === 'transition' ? fromState(model, seeded, op) : record?.id;
    const path = pathOf(call, call.path.includes(':id') ? (id ?? 'missing') : undefined);
    const url = query ? `${path}?${query}` : path;
    const body = bodyOf(call, model, seeded, person ?? seeded.people[0]!);
    const headers: Record<string, string> = {};
    if (person) headers.cookie = person.cookie;
    if (record && op.kind === 'update') headers['if-match'] = `"${record.version}"`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const before = logged.length;
    const payload = body === undefined ? {} : { payload: JSON.stringify(body) };
    const answer = await app.inject({ method: call.method, url, headers, ...payload });
    const key = `${op.kind} ${answer.statusCode} ${codeOf(answer.body)}`.trim();
    tally?.set(key, (tally.get(key) ?? 0) + 1);
    if (
      answer.statusCode === 400 &&
      screenFilters.includes(query) &&
      refusesConstruct(answer.body)
    ) {
      findings.push(
        `${call.method} ${url}: the list screen's own filter is refused: ${answer.body}`,
      );
    }
    if (answer.statusCode < 500) return;
    const who = person?.label ?? 'signed out';
    const log = logged.slice(before).join('\n');
    findings.push(`${call.method} ${url} as ${who}: ${answer.statusCode} ${answer.body}\n${log}`);
  };
  for (const call of ordered) {
    const op = call.operation;
    const entity = 'entity' in op ? op.entity : undefined;
    const sent = [...filters.filter((f) => f.entity === entity).map((f) => f.filter)];
    // The web app sends a list screen's filter as its list call's `filter`.
    for (const screen of model.screens)
      if (screen.kind === 'list' && screen.entity === entity && screen.filter)
        sent.push(screen.filter.source);
    const queries = op.kind === 'list' ? listQueries(model, op.entity, sent) : [];
    for (const person of callers)
      for (const query of ['', ...queries]) await send(call, person, query);
  }
  return findings;
}
