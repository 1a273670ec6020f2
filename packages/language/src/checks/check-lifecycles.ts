import {
  SYSTEM_ACTOR,
  type AppModel,
  type Entity,
  type Lifecycle,
  type Transition,
} from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';
import { BUILTIN_FIELD_NAMES } from '../sections/entities/builtin-fields.js';
import { BUILTIN_ROLES } from '../sections/permissions/read-roles.js';
import { checkEffects } from './check-effects.js';
import { checkReachability } from './check-reachability.js';

function checkTransition(
  transition: Transition,
  lifecycle: Lifecycle,
  entity: Entity | undefined,
  model: AppModel,
  ctx: ReadContext,
): void {
  const state = (word: string, key: string): void => {
    expectKnown(
      {
        code: 'unknown-state',
        what: `state of ${lifecycle.entity}`,
        word,
        candidates: lifecycle.states,
      },
      ctx.where.at(transition, key),
      ctx,
    );
  };
  transition.from.forEach((from, i) => state(from, `from.${i}`));
  state(transition.to, 'to');
  // `system` makes the row automatic (see check-automatic.ts).
  const roles = [...BUILTIN_ROLES, SYSTEM_ACTOR, ...model.roles.map((r) => r.name)];
  transition.who.forEach((role, i) => {
    expectKnown(
      { code: 'unknown-role', what: 'role', word: role, candidates: roles },
      ctx.where.at(transition, `who.${i}`),
      ctx,
    );
  });
  const fields = entity?.fields
    .filter((f) => !BUILTIN_FIELD_NAMES.includes(f.name))
    .map((f) => f.name);
  for (const assignment of fields ? transition.sets : []) {
    expectKnown(
      {
        code: 'unknown-field',
        what: `field of ${lifecycle.entity}`,
        word: assignment.field,
        candidates: fields!,
      },
      ctx.where.at(assignment, 'field'),
      ctx,
    );
  }
  if (transition.error !== undefined) {
    const codes = model.catalogue.map((c) => c.code);
    expectKnown(
      { code: 'unknown-error-code', what: 'error code', word: transition.error, candidates: codes },
      ctx.where.at(transition, 'error'),
      ctx,
    );
  }
}

/**
 * Two rows for the same action from the same state are one rule written twice, unless their Who
 * differ: then each caller takes the rows of their own roles (a patient with 24 hours' notice,
 * reception at any time). Rows with the same roles, in any order, would leave one of them unused.
 */
function checkDuplicates(lifecycle: Lifecycle, ctx: ReadContext): void {
  const seen = new Set<string>();
  for (const transition of lifecycle.transitions) {
    const who = [...new Set(transition.who)].sort().join(',');
    transition.from.forEach((from, i) => {
      const key = `${from}\u0000${transition.action}\u0000${who}`;
      if (seen.has(key)) {
        ctx.bag.error(
          'duplicate-transition',
          ctx.where.at(transition, `from.${i}`),
          `\`${transition.action}\` from \`${from}\` is written twice for the same roles.`,
          'merge the rows, give them different roles in Who, or rename one of the actions',
        );
      }
      seen.add(key);
    });
  }
}

/** Checks section 4: entities, state fields, states, roles, assigned fields and error codes. */
export function checkLifecycles(model: AppModel, ctx: ReadContext): void {
  const names = model.entities.map((e) => e.name);
  for (const lifecycle of model.lifecycles) {
    const at = ctx.where.at(lifecycle, 'entity');
    const entity = model.entities.find((e) => e.name === lifecycle.entity);
    if (
      !expectKnown(
        { code: 'unknown-entity', what: 'entity', word: lifecycle.entity, candidates: names },
        at,
        ctx,
      )
    )
      continue;
    if (!entity?.fields.some((f) => f.type.kind === 'state')) {
      ctx.bag.error(
        'missing-state-field',
        at,
        `\`${lifecycle.entity}\` has a lifecycle but no field of type \`state\`.`,
        `add \`| ${lifecycle.field} | state | | | |\` to its table in section 3`,
      );
    }
    if (lifecycle.initial !== '') {
      expectKnown(
        {
          code: 'unknown-state',
          what: `state of ${lifecycle.entity}`,
          word: lifecycle.initial,
          candidates: lifecycle.states,
        },
        ctx.where.at(lifecycle, 'initial', at),
        ctx,
      );
    }
    for (const transition of lifecycle.transitions)
      checkTransition(transition, lifecycle, entity, model, ctx);
    checkDuplicates(lifecycle, ctx);
    checkReachability(lifecycle, ctx);
    if (entity) checkEffects(lifecycle, entity, model, ctx);
  }
}
