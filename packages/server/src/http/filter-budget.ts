import { lexicalSize, type ExpressionAnalysis } from '@specrun/expr';
import { AppError } from '../catalogue/app-error.js';
import type { FilterBudget } from '@specrun/model';
import { NO_COST, type ComputedCost } from './computed-cost.js';

const MAKINGS = {
  read: 'a field of the record',
  computed: 'worked out with operators or functions',
};

function tooCostly(detail: string): AppError {
  return new AppError('FILTER_TOO_COSTLY', `filter: ${detail}`);
}

/**
 * Refuses, from its text alone, a filter plainly over its size budget: parsing costs
 * milliseconds per thousand characters (deep brackets more), which a client sending new
 * filters could otherwise make the event loop pay again and again.
 */
export function checkFilterText(source: string, budget: FilterBudget): void {
  const { nodes, brackets } = lexicalSize(source);
  if (nodes > budget.nodes)
    throw tooCostly(
      `it has at least ${nodes} parts, at most ${budget.nodes} (MAX_FILTER_NODES): shorten it.`,
    );
  if (brackets > budget.nesting)
    throw tooCostly(
      `its brackets nest ${brackets} deep, at most ${budget.nesting} (MAX_FILTER_NESTING): flatten it.`,
    );
}

/**
 * Refuses a filter that could ask more of the database than its budget (section 9's
 * MAX_FILTER_*), naming what to simplify. Its size and nesting bound the work per row; string
 * joins and searches are what make one row cost much (each join copies the strings, a search
 * costs the product of both lengths), so they are counted, and what a search looks for must be
 * given in the filter, not read from the records nor worked out from them. A field the database
 * works out costs its expression on every row: `computed` is added for the fields the filter reads.
 */
export function checkFilterBudget(
  source: string,
  analysis: ExpressionAnalysis,
  budget: FilterBudget,
  computed: ComputedCost = NO_COST,
): void {
  const { nesting, concatenations } = analysis.size;
  const nodes = analysis.size.nodes + computed.nodes;
  if (nodes > budget.nodes)
    throw tooCostly(
      `it has ${nodes} parts${computed.nodes > 0 ? `, ${computed.nodes} of them in the computed fields it reads` : ''}, at most ${budget.nodes} (MAX_FILTER_NODES): shorten it.`,
    );
  if (nesting > budget.nesting)
    throw tooCostly(
      `its parts nest ${nesting} deep, at most ${budget.nesting} (MAX_FILTER_NESTING): flatten it.`,
    );
  const stringOps = concatenations + analysis.searches.length + computed.stringOps;
  if (stringOps > budget.stringOps)
    throw tooCostly(
      `it joins (+) or searches strings ${stringOps} times, at most ${budget.stringOps} (MAX_FILTER_STRING_OPS): do fewer.`,
    );
  const search = analysis.searches.find((s) => s.argument !== 'given');
  if (search && search.argument !== 'given')
    throw tooCostly(
      `what ${search.function}() looks for is ${MAKINGS[search.argument]}: write it in the filter (a literal, a constant or a field of user) (column ${search.offset + 1} of "${source}").`,
    );
}

/**
 * Whether one row can cost much to test: the filter joins or searches strings, or reads a
 * computed field that does, or that counts records (a subquery per row).
 */
export function hasCostlyRows(analysis: ExpressionAnalysis, computed = NO_COST): boolean {
  const own = analysis.size.concatenations > 0 || analysis.searches.length > 0;
  return own || computed.stringOps > 0 || computed.counts;
}
