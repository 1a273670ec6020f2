import type { Harness } from './harness.js';

/** The number of records of every entity: what a failed write must leave as it was. */
export async function snapshot(h: Harness): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const e of h.model.entities) counts[e.name] = await h.count(e.name);
  return counts;
}

/** The first field of another entity that refers to `entity`, with its owner. */
export function referrer(h: Harness, entity: string) {
  for (const owner of h.model.entities)
    for (const f of owner.fields) {
      const t = f.type;
      if (f.builtin || !(t.kind === 'reference' || t.kind === 'list') || t.entity !== entity)
        continue;
      return { owner: owner.name, field: f.name, list: t.kind === 'list' };
    }
  return undefined;
}
