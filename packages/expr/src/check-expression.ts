import type { AppModel } from '@specrun/model';
import type { Parsed } from './ast.js';
import { Checker } from './checker.js';
import { constantValues } from './constants.js';
import { makeIssue, type ExprIssue } from './issues.js';
import { parseExpression } from './parse-expression.js';
import type { References } from './references.js';
import { scopeKey, scopeNames, type ExprScope } from './scope.js';
import { typeName, type ExprType } from './types.js';

/** What checking an expression found: its type (when it parses), its issues, what it uses. */
export type CheckResult = {
  /** 'bool', 'int', 'double', 'string', 'timestamp', 'duration', 'money', 'date', 'Ticket', 'list(Ticket)', 'null', 'dyn'... */
  type?: string;
  issues: ExprIssue[];
  references: References;
};

/** The typed tree behind a CheckResult, for evaluation and (later) SQL compilation. */
export type TypedExpression = CheckResult & {
  parsed?: Parsed;
  types: Map<string, ExprType>;
  root?: ExprType;
};

const NO_REFERENCES: References = { entities: [], fields: [], constants: [] };

/** Parses and type-checks one expression against the model; never throws. */
export function checkExpression(source: string, model: AppModel, scope: ExprScope): CheckResult {
  const { type, issues, references } = typeExpression(source, model, scope);
  return type === undefined ? { issues, references } : { type, issues, references };
}

// A condition is typed for each dialect it compiles to, for each way its record is bound, and
// again when it is analysed: typed trees are kept per model, which must not change once asked
// about. A typed tree is shared, so it must not be changed either. The bound keeps callers' own
// sources (list filters) from growing the cache without end.
const typedByModel = new WeakMap<AppModel, Map<string, TypedExpression>>();
const MAX_CACHED = 5_000;

/** Like checkExpression, keeping the parsed tree and the type of every node. */
export function typeExpression(source: string, model: AppModel, scope: ExprScope): TypedExpression {
  const text = typeof source === 'string' ? source : '';
  let cache = typedByModel.get(model);
  if (!cache) typedByModel.set(model, (cache = new Map()));
  const key = `${scopeKey(scope)}\n${text}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const typed = typeAgainst(text, model, scope);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, typed);
  return typed;
}

function typeAgainst(text: string, model: AppModel, scope: ExprScope): TypedExpression {
  const { parsed, issue } = parseExpression(text);
  if (!parsed) return { issues: issue ? [issue] : [], references: NO_REFERENCES, types: new Map() };
  try {
    const constants = constantValues(model);
    const checker = new Checker(text, parsed, model, scopeNames(model, scope), constants);
    const root = checker.check(parsed.expr);
    return {
      issues: checker.issues,
      references: checker.refs.result(),
      types: checker.types,
      type: typeName(root),
      parsed,
      root,
    };
  } catch (error) {
    // A model the checker cannot read (or a tree deeper than the stack) must not crash the caller.
    const message = `The expression could not be checked: ${error instanceof Error ? error.message : String(error)}`;
    return {
      issues: [makeIssue(text, 'expression-syntax', message, 0)],
      references: NO_REFERENCES,
      types: new Map(),
    };
  }
}
