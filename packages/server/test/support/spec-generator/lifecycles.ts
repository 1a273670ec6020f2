import { ACTIONS, CODES, ENGINE_CODES, STATES } from './names.js';
import type { GenContext } from './context.js';
import { condition, scopes } from './expressions.js';
import type { EntityPlan, TransitionPlan } from './plan.js';
import { assignmentOf } from './values.js';

/** An Error cell: empty, an engine code, or a catalogue code (declared in section 8). */
function errorCell(ctx: GenContext): string | undefined {
  const { draw } = ctx;
  const choice = draw.int(0, 3);
  if (choice === 0) return undefined;
  if (choice === 1) return draw.pick(ENGINE_CODES);
  const code = draw.pick(CODES);
  ctx.codes.add(code);
  return code;
}

/** The Who of a row: some roles, or a built-in one. */
function whoOf(ctx: GenContext): string[] {
  const { draw } = ctx;
  if (draw.chance(0.2)) return [draw.pick(['signed-in', 'anyone'])];
  return draw.some(ctx.roles, 1, 2);
}

/** One row of the table: from some states, by some roles, maybe guarded, maybe setting fields. */
function rowOf(ctx: GenContext, entity: EntityPlan, states: string[], action: string) {
  const { draw } = ctx;
  const row: TransitionPlan = {
    from: draw.some(states, 1, 2),
    action,
    to: draw.pick(states),
    who: whoOf(ctx),
    sets: [],
  };
  if (draw.chance(0.6)) row.when = condition(ctx, scopes.when(entity));
  const settable = entity.fields.filter(
    (f) => f.kind !== 'state' && f.kind !== 'list' && f.kind !== 'file' && !isComputed(f.rules),
  );
  for (const field of draw.some(settable, 0, 2)) row.sets.push(assignmentOf(ctx, entity, field));
  const error = errorCell(ctx);
  if (error) row.error = error;
  return row;
}

const isComputed = (rules: string[]) => rules.some((r) => r.includes('computed'));

/** Section 4 for one entity: a state field, its states, and a few rows (some per role). */
export function drawLifecycle(ctx: GenContext, entity: EntityPlan): void {
  const { draw } = ctx;
  const states = draw.some(STATES, 2, 4);
  entity.fields.push({ name: 'status', kind: 'state', values: states, required: false, rules: [] });
  const rows: TransitionPlan[] = [];
  for (const action of draw.some(ACTIONS, 1, 3)) {
    const row = rowOf(ctx, entity, states, action);
    rows.push(row);
    // Several rows for one action, by Who: a second row with other roles.
    const others = ctx.roles.filter((r) => !row.who.includes(r));
    if (others.length > 0 && !row.who.includes('anyone') && !row.who.includes('signed-in')) {
      if (draw.chance(0.3)) {
        const second = rowOf(ctx, entity, states, action);
        second.from = row.from;
        second.who = [draw.pick(others)];
        rows.push(second);
      }
    }
  }
  const initial = draw.chance(ctx.wrong) ? 'nowhere' : states[0]!;
  entity.lifecycle = { states, initial, rows };
}
