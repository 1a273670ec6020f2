import { actionInputs, apiCalls, pathOf, type AppModel, type ApiCall } from '@specrun/model';
import type { FastifyInstance } from 'fastify';
import { envelop, payloadFields } from '../../http/support/wire-shapes.js';
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

/** Calls that end something (a record, a session) come last, so the others find it still there. */
const ending = (call: ApiCall) => call.method === 'DELETE' || call.operation.kind === 'sign-out';

/**
 * Makes every call the application serves once per person (and once signed out), on the seeded
 * records, and answers what went wrong on the server's side: each 5xx answer, with what the
 * server logged. Refusals (4xx) are the application doing its work. `tally` counts the answers
 * by operation, status and code, to see what a run reached.
 */
export async function callEveryCall(
  app: FastifyInstance,
  model: AppModel,
  seeded: Seeded,
  logged: string[],
  tally?: Map<string, number>,
): Promise<string[]> {
  const findings: string[] = [];
  const calls = apiCalls(model);
  const ordered = [...calls.filter((c) => !ending(c)), ...calls.filter(ending)];
  const callers: (Person | undefined)[] = [...seeded.people, undefined];
  for (const call of ordered) {
    for (const person of callers) {
      const op = call.operation;
      const record = 'entity' in op ? seeded.records.get(op.entity) : undefined;
      const url = pathOf(call, call.path.includes(':id') ? (record?.id ?? 'missing') : undefined);
      const body = person
        ? bodyOf(call, model, seeded, person)
        : bodyOf(call, model, seeded, seeded.people[0]!);
      const headers: Record<string, string> = {};
      if (person) headers.cookie = person.cookie;
      if (record && op.kind === 'update') headers['if-match'] = `"${record.version}"`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const before = logged.length;
      const answer = await app.inject({
        method: call.method,
        url,
        headers,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      const key = `${op.kind} ${answer.statusCode} ${codeOf(answer.body)}`.trim();
      tally?.set(key, (tally.get(key) ?? 0) + 1);
      if (answer.statusCode >= 500) {
        const who = person?.label ?? 'signed out';
        const log = logged.slice(before).join('\n');
        findings.push(
          `${call.method} ${url} as ${who}: ${answer.statusCode} ${answer.body}\n${log}`,
        );
      }
    }
  }
  return findings;
}
