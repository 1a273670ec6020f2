import { analyseExpression, fieldsReadFrom } from '@specrun/expr';
import {
  namesToken,
  peopleActions,
  TOKEN_FIELD,
  type AppModel,
  type Call,
  type Shape,
} from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';
import { checkPick, checkProjection } from './check-projections.js';
import { routePattern } from './route-pattern.js';

const SESSION_FIELDS = ['email', 'password', 'name'];

/** The bare names a call's shapes may use: the entity's fields, plus a transition's inputs. */
function allowedFields(call: Call, model: AppModel): string[] {
  const operation = call.operation;
  const entityName = 'entity' in operation ? operation.entity : 'User';
  const fields = model.entities.find((e) => e.name === entityName)?.fields.map((f) => f.name) ?? [];
  // With tokens declared, an account call may answer the session's token (see TOKEN_FIELD).
  const token = model.access?.tokens ? [TOKEN_FIELD] : [];
  if (!('entity' in operation)) return [...SESSION_FIELDS, ...token, ...fields];
  // A User created through the API is an account: its first password travels with its fields.
  if (operation.kind === 'create' && entityName === 'User') return [...fields, 'password'];
  if (operation.kind !== 'transition') return fields;
  const lifecycle = model.lifecycles.find((l) => l.entity === operation.entity);
  const transitions = lifecycle?.transitions.filter((t) => t.action === operation.action) ?? [];
  const sources = transitions.flatMap((t) => [
    ...(t.when ? [t.when.source] : []),
    ...t.sets.map((s) => s.value.source),
  ]);
  // The scope of a row's When and Sets (see expression-sites.ts).
  const scope = { entity: operation.entity, hasOld: true, hasInput: true, hasUser: true };
  const inputs = sources.flatMap((source) =>
    fieldsReadFrom(analyseExpression(source, model, scope), 'input'),
  );
  return [...fields, ...inputs];
}

function checkShape(
  shape: Shape,
  call: Call,
  model: AppModel,
  ctx: ReadContext,
  payload: boolean,
): void {
  if (shape.kind === 'entity') {
    const names = model.entities.map((e) => e.name);
    const known = expectKnown(
      { code: 'unknown-entity', what: 'entity', word: shape.entity, candidates: names },
      ctx.where.at(shape, 'entity', { line: call.line, column: 1 }),
      ctx,
    );
    if (known) checkProjection(shape, model, ctx);
  }
  if (shape.kind !== 'object') return;
  const fields = allowedFields(call, model);
  for (const property of shape.properties) {
    const inner = property.shape;
    if (inner.kind === 'entity' && inner.field !== undefined)
      ctx.bag.error(
        'bad-projection',
        ctx.where.at(inner, 'field', { line: call.line, column: 1 }),
        `\`${property.name}: ${inner.field} …\` renders a reference, which only a projection's record has.`,
        `write it inside a projection (\`Job { ${property.name}: ${inner.field} ${inner.named ?? inner.entity} }\`), or an envelope as \`${property.name}: ${inner.named ?? inner.entity}\``,
      );
    if (inner.kind === 'field') {
      const at = ctx.where.at(property, 'name', { line: call.line, column: 1 });
      const word = inner.field ?? property.name;
      const known = expectKnown(
        { code: 'unknown-field', what: 'field of this call', word, candidates: fields },
        inner.field === undefined ? at : ctx.where.at(inner, 'field', at),
        ctx,
      );
      const entity = model.entities.find(
        (e) => 'entity' in call.operation && e.name === call.operation.entity,
      );
      if (known && entity && inner.pick !== undefined)
        checkPick(inner, word, inner.pick, entity, model, payload, ctx);
    }
    checkShape(inner, call, model, ctx, payload);
  }
}

function checkOperation(call: Call, model: AppModel, ctx: ReadContext): boolean {
  const operation = call.operation;
  if (!('entity' in operation)) return true;
  const names = model.entities.map((e) => e.name);
  if (
    !expectKnown(
      { code: 'unknown-entity', what: 'entity', word: operation.entity, candidates: names },
      ctx.where.at(call, 'entity'),
      ctx,
    )
  )
    return false;
  if (operation.kind !== 'transition') return true;
  const lifecycle = model.lifecycles.find((l) => l.entity === operation.entity);
  const actions = peopleActions(lifecycle);
  return expectKnown(
    {
      code: 'unknown-action',
      what: `action of ${operation.entity}`,
      word: operation.action,
      candidates: actions,
    },
    ctx.where.at(call, 'action'),
    ctx,
  );
}

const ISSUING = new Set(['sign-in', 'sign-up', 'update-me']);

/**
 * Warns at `- Tokens:` when no sign-in, sign-up or update me answers the field `token`: the
 * token is issued only in such an answer, so no client could ever hold one to send.
 */
function checkTokensIssued(model: AppModel, ctx: ReadContext): void {
  const access = model.access;
  if (!access?.tokens || model.calls.length === 0) return;
  const issued = model.calls.some(
    (call) => ISSUING.has(call.operation.kind) && namesToken(call.response),
  );
  if (issued) return;
  ctx.bag.warning(
    'token-never-issued',
    ctx.where.at(access, 'tokens'),
    'No sign-in, sign-up or update me answers `token`, so no client can get a token to send.',
    'name `token` in the sign-in response, such as `{ user: User { email, token } }`',
  );
}

/** Checks section 7: operations name known entities and actions; shapes name known things. */
export function checkCalls(model: AppModel, ctx: ReadContext): void {
  checkTokensIssued(model, ctx);
  const seen = new Map<string, Call>();
  for (const call of model.calls) {
    const key = `${call.method} ${routePattern(call.path)}`;
    const earlier = seen.get(key);
    if (earlier) {
      ctx.bag.error(
        'duplicate-call',
        ctx.where.at(call, 'path'),
        `\`${call.method} ${call.path}\` is declared twice (line ${earlier.line}).`,
        'remove one of the two rows',
      );
    } else seen.set(key, call);
    if (!checkOperation(call, model, ctx)) continue;
    if (call.payload) checkShape(call.payload, call, model, ctx, true);
    if (call.response) checkShape(call.response, call, model, ctx, false);
  }
}
