import { analyseExpression, automaticScope, whyNotInDatabase, type ExprScope } from '@specrun/expr';
import { isAutomatic, SYSTEM_ACTOR, type AppModel, type Lifecycle } from '@specrun/model';
import type { ReadContext } from '../read-context.js';

const ROW = { row: 'record' };

function checks(source: string, model: AppModel, scope: ExprScope): boolean {
  try {
    return analyseExpression(source, model, scope).issues.length === 0;
  } catch {
    return false;
  }
}

/**
 * Checks the automatic transitions of one lifecycle (`Who: system`): `system` stands alone in Who;
 * the action is the system's alone (no row gives it to people, so a history entry of it is the
 * system's); the row has a When, found true by the database (it is how due records are found),
 * and leaves its state, or it would be taken again at every tick.
 */
function checkLifecycle(lifecycle: Lifecycle, model: AppModel, ctx: ReadContext): void {
  const automatic = new Set(lifecycle.transitions.filter(isAutomatic).map((t) => t.action));
  for (const transition of lifecycle.transitions) {
    const system = transition.who.indexOf(SYSTEM_ACTOR);
    if (system < 0) {
      if (automatic.has(transition.action))
        ctx.bag.error(
          'automatic-action-shared',
          ctx.where.at(transition, 'action'),
          `\`${transition.action}\` is an automatic transition, so it is the system's alone.`,
          'give this row its own action name, or make it `Who: system` too',
        );
      continue;
    }
    if (transition.who.length > 1)
      ctx.bag.error(
        'system-with-roles',
        ctx.where.at(transition, `who.${system}`),
        '`system` makes the row an automatic transition: it stands alone in Who.',
        'write the roles on a row of their own, with another action name',
      );
    if (!transition.when) {
      ctx.bag.error(
        'automatic-without-when',
        ctx.where.at(transition, `who.${system}`),
        `The automatic \`${transition.action}\` has no When, so it would move every record at once.`,
        'say when the system takes it: `now - record.resolvedAt >= duration(AUTO_CLOSE_AFTER)`',
      );
    } else {
      const scope = automaticScope(lifecycle.entity);
      const source = transition.when.source;
      // A When that does not check is reported as such (see checkExpressions).
      const issue = checks(source, model, scope) && whyNotInDatabase(source, model, scope, ROW);
      if (issue)
        ctx.bag.error(
          'cannot-run-in-database',
          ctx.where.inExpression(transition.when, issue.offset),
          `The When of an automatic transition finds the records due in the database, but ${issue.message}`,
          'compare fields of the record, `now`, durations and constants',
        );
    }
    const stays = transition.from.indexOf(transition.to);
    if (stays >= 0)
      ctx.bag.error(
        'automatic-stays',
        ctx.where.at(transition, `from.${stays}`),
        `The automatic \`${transition.action}\` leaves \`${transition.to}\` for \`${transition.to}\`: it would be taken again at every tick.`,
        'move the record to another state',
      );
  }
}

/** Checks every lifecycle's automatic transitions (section 4, `Who: system`). */
export function checkAutomatic(model: AppModel, ctx: ReadContext): void {
  for (const lifecycle of model.lifecycles) checkLifecycle(lifecycle, model, ctx);
}
