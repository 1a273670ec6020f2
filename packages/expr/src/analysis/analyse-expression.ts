import type { AppModel } from '@specrun/model';
import { typeExpression } from '../check-expression.js';
import { makeIssue, type ExprIssue } from '../issues.js';
import { scopeKey, type ExprScope } from '../scope.js';
import type { ExpressionAnalysis } from './analysis-types.js';
import { TreeReader } from './read-tree.js';
import { splitConjuncts } from './split-conjuncts.js';

// Start-up asks the same questions of the same expressions from several places (guards, rules,
// counted entities), and list filters come back again and again: answers are kept, per model.
// The bound keeps callers' own sources (filters) from growing the cache without end.
const analyses = new WeakMap<AppModel, Map<string, ExpressionAnalysis>>();
const MAX_CACHED = 5_000;

/**
 * Answers, from its checked tree, what other packages need to know of an expression: its
 * conjuncts, the names and fields it reads (through which references, how deep), its counts and
 * their pins, its size. Never throws. Answers are kept per model, which must not change once
 * asked about; an answer is shared, so it must not be changed either.
 */
export function analyseExpression(
  source: string,
  model: AppModel,
  scope: ExprScope,
): ExpressionAnalysis {
  let cache = analyses.get(model);
  if (!cache) analyses.set(model, (cache = new Map()));
  const key = `${scopeKey(scope)}\n${source}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const analysis = analyse(source, model, scope);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, analysis);
  return analysis;
}

function analyse(source: string, model: AppModel, scope: ExprScope): ExpressionAnalysis {
  const typed = typeExpression(source, model, scope);
  const text = typeof source === 'string' ? source : '';
  const conjuncts = splitConjuncts(text);
  const nothing = (issues: readonly ExprIssue[]): ExpressionAnalysis => ({
    issues,
    conjuncts,
    names: new Set(),
    reads: [],
    follows: new Set(),
    depth: 0,
    counts: [],
    functions: new Map(),
    searches: [],
    itemReads: [],
    size: { nodes: 0, nesting: 0, concatenations: 0 },
  });
  if (!typed.parsed) return nothing(typed.issues);
  const reader = new TreeReader(typed.parsed, typed.types, model);
  try {
    reader.read(typed.parsed.expr, new Set(), 1);
  } catch {
    // A tree deeper than the stack: as the checker does, an issue rather than a crash.
    return nothing([
      makeIssue(text, 'expression-syntax', 'The expression is nested too deeply.', 0),
    ]);
  }
  const bySource = <T extends { offset: number }>(items: T[]) =>
    items.sort((a, b) => a.offset - b.offset);
  const reads = bySource(reader.reads);
  return {
    issues: typed.issues,
    conjuncts,
    names: reader.names,
    reads,
    follows: new Set(reads.flatMap((r) => (r.through ? [r.through] : []))),
    depth: Math.max(0, ...reads.map((r) => r.depth)),
    counts: bySource(reader.counts),
    functions: reader.functions,
    searches: bySource(reader.searches),
    itemReads: bySource(reader.itemReads),
    size: {
      nodes: reader.nodes,
      nesting: reader.nesting,
      concatenations: reader.concatenations,
    },
  };
}
