import type { AppModel } from '@specrun/model';
import { guardScope, ruleScope } from '../expressions/scopes.js';
import { countPins, type CountPin } from './count-pins.js';

/**
 * What the decisions of a model count, by counted entity: the fields its counts are pinned on,
 * and whether one count of it is pinned on nothing (then any write of it may change that count).
 */
export interface CountedEntity {
  fields: ReadonlySet<string>;
  whole: boolean;
}

export type CountedEntities = ReadonlyMap<string, CountedEntity>;

/**
 * The counts of section 5's rules, of section 4's guards and data-dependent initial states: the
 * decisions a write waits on.
 */
function deciderPins(model: AppModel): CountPin[] {
  const rules = model.rules.flatMap((r) =>
    countPins(r.rule.source, model, ruleScope(r.entity, r.on)),
  );
  const guards = model.lifecycles.flatMap((l) =>
    l.transitions.flatMap((t) =>
      t.when ? countPins(t.when.source, model, guardScope(l.entity)) : [],
    ),
  );
  // A data-dependent initial state decides on counts too, on create (see initial-state.ts).
  const initial = model.lifecycles.flatMap((l) =>
    (l.initialWhen ?? []).flatMap((c) => countPins(c.when.source, model, { entity: l.entity })),
  );
  return [...rules, ...guards, ...initial];
}

/** Worked out once, at start. */
export function countedEntities(model: AppModel): CountedEntities {
  const counted = new Map<string, { fields: Set<string>; whole: boolean }>();
  for (const pin of deciderPins(model)) {
    const entry = counted.get(pin.counted) ?? { fields: new Set<string>(), whole: false };
    if (pin.pinned) entry.fields.add(pin.pinned.field);
    else entry.whole = true;
    counted.set(pin.counted, entry);
  }
  return counted;
}
