import type { AppModel, Screen } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';
import { BUILTIN_ROLES } from '../sections/permissions/read-roles.js';
import { routePattern } from './route-pattern.js';

function checkScreen(screen: Screen, model: AppModel, ctx: ReadContext): void {
  const roles = [...BUILTIN_ROLES, ...model.roles.map((r) => r.name)];
  screen.who.forEach((role, i) => {
    expectKnown(
      { code: 'unknown-role', what: 'role', word: role, candidates: roles },
      ctx.where.at(screen, `who.${i}`),
      ctx,
    );
  });
  if (screen.entity === undefined) return;
  const entity = model.entities.find((e) => e.name === screen.entity);
  const entities = model.entities.map((e) => e.name);
  if (
    !expectKnown(
      { code: 'unknown-entity', what: 'entity', word: screen.entity, candidates: entities },
      ctx.where.at(screen, 'entity'),
      ctx,
    )
  )
    return;
  const fields = entity?.fields.map((f) => f.name) ?? [];
  (screen.fields ?? []).forEach((field, i) => {
    expectKnown(
      { code: 'unknown-field', what: `field of ${screen.entity}`, word: field, candidates: fields },
      ctx.where.at(screen, `fields.${i}`),
      ctx,
    );
  });
}

/** Checks section 2: entities, roles and fields exist; no two routes have the same pattern. */
export function checkScreens(model: AppModel, ctx: ReadContext): void {
  const seen = new Map<string, Screen>();
  for (const screen of model.screens) {
    if (screen.derived) continue;
    checkScreen(screen, model, ctx);
    const pattern = routePattern(screen.route);
    const earlier = seen.get(pattern);
    if (earlier) {
      ctx.bag.error(
        'route-clash',
        ctx.where.at(screen, 'route'),
        `\`${screen.route}\` matches the same paths as \`${earlier.route}\` (line ${earlier.line}).`,
        'give each screen its own route; a fixed segment such as `/new` is distinct from `:id`',
      );
    } else seen.set(pattern, screen);
  }
}
