import type { Lifecycle } from '@specrun/model';
import type { ReadContext } from '../read-context.js';

/** The states reachable from the initial states (data-dependent ones too) through the transitions. */
export function reachableStates(lifecycle: Lifecycle): Set<string> {
  const initial = [lifecycle.initial, ...(lifecycle.initialWhen ?? []).map((c) => c.state)];
  const reached = new Set<string>(initial.filter((s) => lifecycle.states.includes(s)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const transition of lifecycle.transitions) {
      if (transition.from.some((f) => reached.has(f)) && !reached.has(transition.to)) {
        reached.add(transition.to);
        grew = true;
      }
    }
  }
  return reached;
}

/**
 * Warns on states that no path from the initial state reaches (at the first transition leaving
 * one, else where it is listed) and notes reachable states with no way out (final states).
 */
export function checkReachability(lifecycle: Lifecycle, ctx: ReadContext): void {
  if (!lifecycle.states.includes(lifecycle.initial)) return;
  const reached = reachableStates(lifecycle);
  const fallback = ctx.where.at(lifecycle, 'entity');
  for (const state of lifecycle.states) {
    const listed = ctx.where.at(lifecycle, `state.${state}`, fallback);
    if (!reached.has(state)) {
      const leaving = lifecycle.transitions.find((t) => t.from.includes(state));
      const at = leaving ? ctx.where.at(leaving, `from.${leaving.from.indexOf(state)}`) : listed;
      ctx.bag.warning(
        'unreachable-state',
        at,
        `No transition from \`${lifecycle.initial}\` leads to \`${state}\`.`,
        `add a transition into \`${state}\`, or remove it`,
      );
    } else if (!lifecycle.transitions.some((t) => t.from.includes(state))) {
      ctx.bag.note('dead-end-state', listed, `\`${state}\` has no way out; it is a final state.`);
    }
  }
}
