import type { ExpressionAnalysis } from './analysis-types.js';

/** Something a list filter may not do, at its offset in the source. */
export interface FilterRefusal {
  offset: number;
  message: string;
}

/**
 * What a list filter may not do, in source order. A filter must not become an oracle on what
 * its caller may not see: it may read `record`'s own fields (checked against the caller's
 * readable fields per request), the caller's own `user`, and the id of a reference, but not
 * follow a reference to another record's fields, nor count() other records. The server refuses
 * these in a `filter=` parameter; check refuses them in a list screen's filter, which the web
 * app sends as one.
 */
export function listFilterRefusals(analysis: ExpressionAnalysis): FilterRefusal[] {
  const refusals: FilterRefusal[] = analysis.counts.map((c) => ({
    offset: c.offset,
    message: `${c.aggregate ?? 'count'}() is not available in a list filter`,
  }));
  for (const read of analysis.reads) {
    if (read.entity === undefined) continue;
    const straight = read.depth === 1 ? read.root : undefined;
    if (straight !== 'record' && straight !== 'user' && read.field !== 'id')
      refusals.push({
        offset: read.offset,
        message: `only the id of a ${read.entity} can be used, not .${read.field}`,
      });
  }
  return refusals.sort((a, b) => a.offset - b.offset);
}
