import type { GenContext } from './context.js';
import { condition, scopes } from './expressions.js';
import type { ScreenPlan } from './plan.js';

/** Section 2: a list (maybe filtered) and a detail per entity, and the sign-in screen. */
export function drawScreens(ctx: GenContext): ScreenPlan[] {
  const { draw } = ctx;
  const screens: ScreenPlan[] = [];
  for (const entity of ctx.entities) {
    const columns = entity.fields.slice(0, 3).map((f) => f.name);
    const filter = draw.chance(0.4) ? `\`${condition(ctx, scopes.allowed(entity))}\`; ` : '';
    const shows = `${filter}${columns.length > 0 ? `columns ${columns.join(', ')}` : ''}`;
    const route = `/${entity.plural}`;
    screens.push({
      route: `/screens${route}`,
      screen: entity.name,
      kind: 'list',
      entity: entity.name,
      who: 'signed-in',
      shows,
    });
    screens.push({
      route: `/screens${route}/:id`,
      screen: `One ${entity.name}`,
      kind: 'detail',
      entity: entity.name,
      who: 'signed-in',
    });
  }
  screens.push({ route: '/sign-in', screen: 'Sign in', kind: 'sign-in', who: 'anyone' });
  return screens;
}
