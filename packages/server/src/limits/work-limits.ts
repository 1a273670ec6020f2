import type { AppModel } from '@specrun/model';
import { numberLimit } from './api-limits.js';

/** What one list filter may ask of the database, checked when it is compiled. */
export interface FilterBudget {
  /** MAX_FILTER_NODES: names, literals, operators and calls. */
  nodes: number;
  /** MAX_FILTER_NESTING: how deeply its parts nest. */
  nesting: number;
  /** MAX_FILTER_STRING_OPS: string joins (`+`) and searches (`contains`...). */
  stringOps: number;
}

/** The limits on the work one request may make the database do. */
export interface WorkLimits {
  filterBudget: FilterBudget;
  /** MAX_STATEMENT_MS: the longest one statement may run. */
  maxStatementMs: number;
}

/** Reads the filter budget and the statement time limit once, at start. */
export function workLimits(model: AppModel): WorkLimits {
  return {
    filterBudget: {
      nodes: numberLimit(model, 'MAX_FILTER_NODES'),
      nesting: numberLimit(model, 'MAX_FILTER_NESTING'),
      stringOps: numberLimit(model, 'MAX_FILTER_STRING_OPS'),
    },
    maxStatementMs: numberLimit(model, 'MAX_STATEMENT_MS'),
  };
}
