import fc from 'fast-check';
import { drawCalls } from './calls.js';
import { drawCatalogue, drawConstants } from './constants.js';
import type { GenContext } from './context.js';
import { Draw } from './draw.js';
import { drawEntities, fieldsOf } from './entities.js';
import { condition, scopes } from './expressions.js';
import { drawLifecycle } from './lifecycles.js';
import { drawPermissions, drawRoles } from './permissions.js';
import type { SpecPlan } from './plan.js';
import { renderSpec } from './render-spec.js';
import { drawRules } from './rules.js';
import { drawScreens } from './screens.js';

/** A generated specification: its text, and the plan it was written from. */
export interface GeneratedSpec {
  text: string;
  plan: SpecPlan;
}

/** Draws a whole plan, section by section, each drawing on the names already declared. */
function drawPlan(draw: Draw): SpecPlan {
  // About one draw in four is somewhat wrong: check must report each mistake with a position.
  const wrong = draw.chance(0.25) ? 0.08 : 0;
  const ctx: GenContext = {
    draw,
    currency: draw.pick(['EUR', 'USD', 'JPY']),
    entities: [],
    userFields: [],
    roles: ['admin'],
    constants: [],
    wrong,
    codes: new Set(),
  };
  ctx.constants = drawConstants(ctx);
  const roles = draw.chance(0.85) ? drawRoles(ctx) : undefined;
  if (draw.chance(0.3)) ctx.userFields = fieldsOf(ctx, 'User', 2).filter((f) => !f.required);
  drawEntities(ctx);
  for (const entity of ctx.entities) if (draw.chance(0.6)) drawLifecycle(ctx, entity);
  const rules = drawRules(ctx);
  const permissions = roles ? drawPermissions(ctx) : [];
  const plan: SpecPlan = {
    title: 'Generated',
    somewhatWrong: wrong > 0,
    currency: ctx.currency,
    userFields: ctx.userFields,
    entities: ctx.entities,
    rules,
    permissions,
    codes: [],
    constants: ctx.constants,
    listFilters: ctx.entities.flatMap((entity) =>
      draw.some([0, 1], 0, 2).map(() => ({
        entity: entity.name,
        filter: condition({ ...ctx, wrong: 0 }, scopes.allowed(entity)),
      })),
    ),
  };
  if (roles) plan.roles = roles;
  if (draw.chance(0.5)) plan.calls = drawCalls(ctx);
  if (draw.chance(0.3)) plan.screens = drawScreens(ctx);
  plan.codes = drawCatalogue(ctx);
  return plan;
}

/**
 * Whole nine-section specifications combining the language's constructs: fields of every type,
 * references, field checks, lifecycles with guards, Sets and inputs, rules, permissions with
 * conditions and field lists, computed fields, declared calls under a prefix, a catalogue and
 * constants; expressions on record, old, user, input, now, today() and count() with input and
 * user inside. About a quarter are somewhat wrong.
 */
export function specArbitrary(): fc.Arbitrary<GeneratedSpec> {
  return fc.gen().map((g) => {
    const plan = drawPlan(new Draw(g));
    return { plan, text: renderSpec(plan) };
  });
}
