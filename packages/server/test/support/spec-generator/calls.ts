import { inputNames } from '@specrun/model';
import type { GenContext } from './context.js';
import { userEntity } from './context.js';
import type { CallPlan, EntityPlan, FieldPlan } from './plan.js';

const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);

/** Fields a caller could send: not computed, state, read-only or a file. */
const sendable = (f: FieldPlan) =>
  f.kind !== 'state' && f.kind !== 'file' && !f.rules.some((r) => /computed|read-only/.test(r));

/** A payload naming fields (`?` on those it may leave out), maybe inside an envelope. */
function fieldsPayload(ctx: GenContext, entity: EntityPlan, allOptional: boolean): string {
  const { draw } = ctx;
  const names = entity.fields
    .filter(sendable)
    .map((f) => (allOptional || !f.required || f.default ? `${f.name}?` : f.name));
  if (names.length === 0 || draw.chance(0.2)) return entity.name;
  const inner = `{ ${names.join(', ')} }`;
  return draw.chance(0.5) ? `\`{ ${lowerFirst(entity.name)}: ${inner} }\`` : `\`${inner}\``;
}

/** A response: the record, or the record in an envelope. */
function recordResponse(ctx: GenContext, entity: EntityPlan): string {
  return ctx.draw.chance(0.5) ? entity.name : `\`{ ${lowerFirst(entity.name)}: ${entity.name} }\``;
}

/** The calls of one entity: some of list, get, create, update, delete and its actions. */
function entityCalls(ctx: GenContext, prefix: string, entity: EntityPlan): CallPlan[] {
  const { draw } = ctx;
  const base = `${prefix}/${entity.plural}`;
  const calls: CallPlan[] = [];
  const add = (call: CallPlan) => calls.push(call);
  const list = draw.pick([`${entity.name}[]`, `\`{ items: ${entity.name}[], count }\``]);
  add({ method: 'GET', path: base, operation: `list ${entity.name}`, response: list });
  add({
    method: 'GET',
    path: `${base}/:id`,
    operation: `get ${entity.name}`,
    response: recordResponse(ctx, entity),
  });
  if (entity.name !== 'User' && draw.chance(0.8)) {
    const payload = fieldsPayload(ctx, entity, false);
    add({
      method: 'POST',
      path: base,
      operation: `create ${entity.name}`,
      payload,
      response: recordResponse(ctx, entity),
    });
  }
  if (draw.chance(0.6)) {
    const payload = fieldsPayload(ctx, entity, true);
    const method = draw.pick(['PATCH', 'PUT']);
    add({
      method,
      path: `${base}/:id`,
      operation: `update ${entity.name}`,
      payload,
      response: recordResponse(ctx, entity),
    });
  }
  if (draw.chance(0.4))
    add({ method: 'DELETE', path: `${base}/:id`, operation: `delete ${entity.name}` });
  const rows = entity.lifecycle?.rows ?? [];
  for (const action of new Set(rows.map((r) => r.action))) {
    const mine = rows.filter((r) => r.action === action);
    const inputs = [...new Set(mine.flatMap((r) => [r.when ?? '', ...r.sets].flatMap(inputNames)))];
    const payload =
      inputs.length > 0 ? `\`{ ${inputs.map((i) => `${i}?`).join(', ')} }\`` : undefined;
    add({
      method: 'POST',
      path: `${base}/:id/${action}`,
      operation: `transition ${entity.name}.${action}`,
      ...(payload ? { payload } : {}),
      response: recordResponse(ctx, entity),
    });
  }
  return calls;
}

/** Section 7, declared: every entity's calls under one prefix, and the session calls. */
export function drawCalls(ctx: GenContext): CallPlan[] {
  const { draw } = ctx;
  const prefix = draw.pick(['/api', '/v1', '/api/v2']);
  const calls = ctx.entities.flatMap((e) => entityCalls(ctx, prefix, e));
  if (draw.chance(0.4)) calls.push(...entityCalls(ctx, prefix, userEntity(ctx)).slice(0, 2));
  calls.push(
    {
      method: 'POST',
      path: `${prefix}/session`,
      operation: 'sign-in',
      payload: '`{ email, password }`',
      response: 'User',
    },
    { method: 'GET', path: `${prefix}/session`, operation: 'me', response: 'User' },
    { method: 'DELETE', path: `${prefix}/session`, operation: 'sign-out' },
  );
  if (draw.chance(0.5)) {
    calls.push({
      method: 'POST',
      path: `${prefix}/sign-up`,
      operation: 'sign-up',
      payload: '`{ email, password, name }`',
      response: 'User',
    });
  }
  return calls;
}
