import { CODES } from './names.js';
import type { GenContext } from './context.js';
import { condition, scopes } from './expressions.js';
import type { RulePlan } from './plan.js';

/** Section 5: a few rules over the entities, each with a catalogue code and its On. */
export function drawRules(ctx: GenContext): RulePlan[] {
  const { draw } = ctx;
  const rules: RulePlan[] = [];
  for (let i = draw.int(0, 3); i > 0; i--) {
    const entity = draw.pick(ctx.entities);
    const on = draw.pick(['create', 'update', 'create, update']);
    const rule = condition(ctx, scopes.rule(entity, on === 'update'));
    const error = draw.pick(CODES);
    ctx.codes.add(error);
    rules.push({ entity: entity.name, rule: `\`${rule}\``, error, on });
  }
  return rules;
}
