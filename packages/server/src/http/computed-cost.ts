import { analyseExpression, computedNeedingDatabase, type ExpressionAnalysis } from '@specrun/expr';
import type { AppModel } from '@specrun/model';

/** What reading one database-computed field costs a row: its expression's work, worked out once. */
export interface ComputedCost {
  nodes: number;
  /** String joins and searches. */
  stringOps: number;
  /** It counts records: a subquery per row. */
  counts: boolean;
}

export const NO_COST: ComputedCost = { nodes: 0, stringOps: 0, counts: false };

function add(a: ComputedCost, b: ComputedCost): ComputedCost {
  return {
    nodes: a.nodes + b.nodes,
    stringOps: a.stringOps + b.stringOps,
    counts: a.counts || b.counts,
  };
}

/**
 * The cost of each field the database works out, as `Entity.field`: its own expression's, plus
 * that of every such field it reads in turn. A filter naming one pays for its expression on
 * every row, so the filter's budget counts it (see filter-budget.ts).
 */
export function computedCosts(
  model: AppModel,
  inDatabase: ReadonlySet<string> = computedNeedingDatabase(model),
): ReadonlyMap<string, ComputedCost> {
  const analyses = new Map<string, ExpressionAnalysis>();
  for (const entity of model.entities)
    for (const field of entity.fields) {
      const key = `${entity.name}.${field.name}`;
      const rule = field.rules.find((r) => r.kind === 'computed');
      if (rule?.kind !== 'computed' || !inDatabase.has(key)) continue;
      const scope = { entity: entity.name, hasUser: true };
      analyses.set(key, analyseExpression(rule.expression.source, model, scope));
    }
  const costs = new Map<string, ComputedCost>();
  const costOf = (key: string, seen: ReadonlySet<string>): ComputedCost => {
    const known = costs.get(key);
    if (known) return known;
    const analysis = analyses.get(key);
    if (!analysis || seen.has(key)) return NO_COST;
    const own: ComputedCost = {
      nodes: analysis.size.nodes,
      stringOps: analysis.size.concatenations + analysis.searches.length,
      counts: analysis.counts.length > 0,
    };
    const next = new Set([...seen, key]);
    const total = readsOf(analysis).reduce((sum, read) => add(sum, costOf(read, next)), own);
    costs.set(key, total);
    return total;
  };
  for (const key of analyses.keys()) costOf(key, new Set());
  return costs;
}

/** The fields an expression reads as `Entity.field`, once per read. */
function readsOf(analysis: ExpressionAnalysis): string[] {
  return analysis.reads.flatMap((r) => (r.entity ? [`${r.entity}.${r.field}`] : []));
}

/** What the database-computed fields an expression reads add to its cost, once per read. */
export function costOfReads(
  analysis: ExpressionAnalysis,
  costs: ReadonlyMap<string, ComputedCost>,
): ComputedCost {
  return readsOf(analysis).reduce((sum, key) => add(sum, costs.get(key) ?? NO_COST), NO_COST);
}
