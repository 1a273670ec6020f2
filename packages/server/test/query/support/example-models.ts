import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { exampleText } from '../../../../../tests/support/examples.js';
import { LAB_SPEC } from './lab-spec.js';

/** A model read from a specification, failing the test when it does not read. */
export function modelOf(markdown: string): AppModel {
  const { model } = parseSpec(markdown);
  if (!model) throw new Error('the specification does not read');
  return model;
}

/** The helpdesk and expenses examples and the lab spec, as the differential tests use them. */
export const MODELS = {
  helpdesk: modelOf(exampleText('helpdesk')),
  expenses: modelOf(exampleText('expenses')),
  lab: modelOf(LAB_SPEC),
};

/** One expression of a model with the entity its `record` is. */
export interface Site {
  entity: string;
  source: string;
}

/** Every condition of a model: list filters, permission conditions, rules and guards. */
export function conditionSites(model: AppModel): Site[] {
  const sites: Site[] = [];
  for (const s of model.screens)
    if (s.filter && s.entity) sites.push({ entity: s.entity, source: s.filter.source });
  for (const p of model.permissions)
    if (p.allowed.kind === 'when' && p.entity !== '*')
      sites.push({ entity: p.entity, source: p.allowed.condition.source });
  for (const r of model.rules) sites.push({ entity: r.entity, source: r.rule.source });
  for (const l of model.lifecycles)
    for (const t of l.transitions)
      if (t.when) sites.push({ entity: l.entity, source: t.when.source });
  const seen = new Set<string>();
  return sites.filter(
    (s) => !seen.has(`${s.entity}:${s.source}`) && seen.add(`${s.entity}:${s.source}`),
  );
}
