import type { AppModel, Entity, Field, FieldRule } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { At } from '../diagnostics/diagnostic-bag.js';
import type { ReadContext } from '../read-context.js';

/** Why a field cannot key a combination or a series, or undefined when it can. */
function whyNotKey(field: Field, owner: Field): string | undefined {
  if (field === owner) return 'is the field itself';
  const kind = field.type.kind;
  if (kind === 'list' || kind === 'files') return 'is a list';
  if (kind === 'file') return 'is a file';
  if (field.rules.some((r) => r.kind === 'computed')) return 'is computed, never stored';
  return undefined;
}

/** A field a `unique with`, `unique per` or `numbered … per` names: known, and a stored value. */
function checkKey(entity: Entity, owner: Field, name: string, at: At, ctx: ReadContext): void {
  const names = entity.fields.map((f) => f.name);
  const what = `field of ${entity.name}`;
  if (!expectKnown({ code: 'unknown-field', what, word: name, candidates: names }, at, ctx)) return;
  const why = whyNotKey(
    entity.fields.find((f) => f.name === name)!,
    owner,
  );
  if (why)
    ctx.bag.error(
      'bad-rule-field',
      at,
      `\`${name}\` cannot be part of ${owner.name}'s rule: it ${why}.`,
      'name other stored fields of the entity, such as a reference to the parent',
    );
}

function checkNumbered(entity: Entity, field: Field, rule: FieldRule, ctx: ReadContext): void {
  const other = field.default
    ? 'a default'
    : field.rules.some((r) => r.kind === 'computed')
      ? 'a computed value'
      : undefined;
  if (other)
    ctx.bag.error(
      'conflicting-rules',
      ctx.where.at(field, 'name'),
      `\`${entity.name}.${field.name}\` is numbered by the engine, so it cannot also have ${other}.`,
      'remove the default or the computed value, or the numbering',
    );
  if (rule.kind === 'numbered' && rule.per !== undefined)
    checkKey(entity, field, rule.per, ctx.where.at(rule, 'per'), ctx);
}

/**
 * Checks the fields `unique per`/`unique with` and `numbered … per` name (section 3), and the
 * states of a data-dependent initial state (section 4).
 */
export function checkKeyedFields(model: AppModel, ctx: ReadContext): void {
  for (const entity of model.entities)
    for (const field of entity.fields)
      for (const rule of field.rules) {
        if (rule.kind === 'numbered') checkNumbered(entity, field, rule, ctx);
        if (rule.kind !== 'unique') continue;
        const seen = new Set<string>();
        for (const name of rule.with ?? []) {
          const at = ctx.where.at(rule, `with.${name}`);
          if (seen.has(name))
            ctx.bag.error('bad-rule-field', at, `\`${name}\` is named twice.`, 'name it once');
          else checkKey(entity, field, name, at, ctx);
          seen.add(name);
        }
      }
  for (const lifecycle of model.lifecycles)
    for (const choice of lifecycle.initialWhen ?? [])
      expectKnown(
        {
          code: 'unknown-state',
          what: `state of ${lifecycle.entity}`,
          word: choice.state,
          candidates: lifecycle.states,
        },
        ctx.where.at(choice, 'state'),
        ctx,
      );
}
