import type { AppModel, Assignment, Effect, EffectTarget, Entity, Lifecycle } from '@specrun/model';
import type { At } from '../diagnostics/diagnostic-bag.js';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';

/** The fields an effect may set: the entity's own, not its state, built-in or computed ones. */
function settable(entity: Entity): string[] {
  return entity.fields
    .filter((f) => !f.builtin && f.type.kind !== 'state')
    .filter((f) => !f.rules.some((r) => r.kind === 'computed'))
    .map((f) => f.name);
}

function checkSets(sets: readonly Assignment[], entity: Entity, ctx: ReadContext): void {
  const state = entity.fields.find((f) => f.type.kind === 'state')?.name;
  for (const assignment of sets) {
    const at = ctx.where.at(assignment, 'field');
    if (assignment.field === state) {
      ctx.bag.error(
        'effect-sets-state',
        at,
        `An effect cannot set \`${entity.name}.${state}\`: a state changes by a transition.`,
        `write \`… takes <action>\` to move the ${entity.name} through its lifecycle`,
      );
      continue;
    }
    const candidates = settable(entity);
    const what = `field of ${entity.name} an effect may set`;
    expectKnown({ code: 'unknown-field', what, word: assignment.field, candidates }, at, ctx);
  }
}

/** A created record must be given every required field that has no default. */
function checkRequired(effect: Effect & { kind: 'create' }, entity: Entity, ctx: ReadContext) {
  const given = new Set(effect.sets.map((s) => s.field));
  const missing = entity.fields.filter(
    (f) => f.required && !f.builtin && f.type.kind !== 'state' && !f.default && !given.has(f.name),
  );
  for (const field of missing)
    ctx.bag.error(
      'effect-misses-field',
      ctx.where.at(effect, 'entity'),
      `The ${entity.name} this effect creates has no \`${field.name}\`, which is required.`,
      `add \`${field.name} = \`…\`\` after \`with\``,
    );
}

/** The entity the target names, reported when it is not one (undefined then). */
function targetEntity(
  target: EffectTarget,
  own: Entity,
  model: AppModel,
  ctx: ReadContext,
): Entity | undefined {
  if (target.kind === 'first') {
    const names = model.entities.map((e) => e.name);
    const at = ctx.where.at(target, 'entity');
    const what = { code: 'unknown-entity', what: 'entity', word: target.entity, candidates: names };
    if (!expectKnown(what, at, ctx)) return undefined;
    const entity = model.entities.find((e) => e.name === target.entity)!;
    if (target.by !== undefined) {
      const fields = entity.fields.map((f) => f.name);
      const by = { code: 'unknown-field', what: `field of ${entity.name}`, word: target.by };
      expectKnown({ ...by, candidates: fields }, ctx.where.at(target, 'by'), ctx);
    }
    return entity;
  }
  const references = own.fields.filter((f) => f.type.kind === 'reference');
  const at = ctx.where.at(target, 'field');
  const what = `reference field of ${own.name}`;
  const candidates = references.map((f) => f.name);
  if (!expectKnown({ code: 'unknown-field', what, word: target.field, candidates }, at, ctx))
    return undefined;
  const type = references.find((f) => f.name === target.field)!.type;
  return model.entities.find((e) => type.kind === 'reference' && e.name === type.entity);
}

function checkEffect(effect: Effect, own: Entity, model: AppModel, ctx: ReadContext): void {
  if (effect.kind === 'create') {
    const names = model.entities.map((e) => e.name);
    const at: At = ctx.where.at(effect, 'entity');
    const what = { code: 'unknown-entity', what: 'entity', word: effect.entity, candidates: names };
    if (!expectKnown(what, at, ctx)) return;
    const entity = model.entities.find((e) => e.name === effect.entity)!;
    checkSets(effect.sets, entity, ctx);
    checkRequired(effect, entity, ctx);
    return;
  }
  const entity = targetEntity(effect.target, own, model, ctx);
  if (!entity) return;
  if (effect.kind === 'update') return checkSets(effect.sets, entity, ctx);
  const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
  const actions = [...new Set(lifecycle?.transitions.map((t) => t.action) ?? [])];
  const what = `action of ${entity.name}`;
  const name = { code: 'unknown-action', what, word: effect.action, candidates: actions };
  expectKnown(name, ctx.where.at(effect, 'action'), ctx);
}

/**
 * Checks the `- After <action>:` effects of a lifecycle: the action is one of its transitions or
 * `create`; the entities, fields, references and actions they name exist; a created record is
 * given its required fields; and no effect sets a state, which only a transition changes.
 */
export function checkEffects(lifecycle: Lifecycle, own: Entity, model: AppModel, ctx: ReadContext) {
  const actions = ['create', ...new Set(lifecycle.transitions.map((t) => t.action))];
  for (const effect of lifecycle.effects ?? []) {
    const after = { code: 'unknown-action', what: `action of ${own.name}`, word: effect.after };
    expectKnown({ ...after, candidates: actions }, ctx.where.at(effect, 'after'), ctx);
    checkEffect(effect, own, model, ctx);
  }
}
