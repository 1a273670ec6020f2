import {
  analyseExpression,
  compileToJs,
  compileToSql,
  prepareEvaluation,
  type PreparedExpression,
  type ExprScope,
  type SqlMapping,
  type SqlParams,
} from '@specrun/expr';
import type { AppModel, Transition } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { countPins, type CountPin } from '../rules/count-pins.js';
import { expressionFacts } from './expression-facts.js';
import { guardScope } from '../expressions/scopes.js';

/** A part of a guard that runs in JavaScript, with evaluate(). */
export interface JsCondition {
  source: string;
  /** It reads the payload: without one (listing the actions a caller may take) it is assumed. */
  readsInput: boolean;
  /** It reads nothing but `input` and constants (see ExpressionFacts). */
  readsOnlyInput: boolean;
  /** The names of `input` it reads. */
  inputs: readonly string[];
  /** The part, prepared: its value on the bindings (a condition holds when it is `true`). */
  evaluate: PreparedExpression;
}

/**
 * A transition's `When`, ready to run. The guard holds when its SQL part and every JavaScript
 * part hold (it is split at its top-level `&&`).
 *
 * Why two places: compileToSql runs count() and follows references in the database, on the
 * write's own connection, exactly as evaluate() would answer. The conjuncts that do not read
 * `input` run in SQL (one SELECT for a whole page of records); the ones that do run in
 * evaluate(), with the references they follow loaded first, since listing the actions a caller
 * may take has no payload and assumes them; so does a conjunct SQL cannot express (a date against
 * an instant outside UTC, on SQLite). A conjunct that reads `input` and counts records runs in SQL
 * with the payload bound as parameters (`count(User, u, u.id == input.contractor) == 1`), on the
 * transition only. One that counts and cannot run in SQL at all would have to load a whole table,
 * so it is refused at start, as the operations refuse such a rule; `specrun check` reports it.
 */
export interface PreparedGuard {
  source?: string;
  sql?: (params: SqlParams) => RawBuilder<SqlBool>;
  /** The SQL part in JavaScript, when it reads only the record's own values: no query. */
  local?: (params: SqlParams) => boolean;
  /** The parts that read `input` and count records, in SQL, given the payload in `input`. */
  withInput?: (params: SqlParams) => RawBuilder<SqlBool>;
  js: JsCondition[];
  /** The references the JavaScript parts read through, and how deep (see expression-facts). */
  follows: Set<string>;
  depth: number;
  /** The SQL part counts records: it reads rows other than the record's own. */
  counts: boolean;
  /** Its counts, for the turn the transition takes before deciding (see turnKeys). */
  pins: CountPin[];
}

const SQL_SCOPE = (entity: string): ExprScope => ({ entity, hasOld: true });
const INPUT_SCOPE = (entity: string): ExprScope => ({ entity, hasOld: true, hasInput: true });

/** The guard's conjuncts with their facts; the whole guard as one if a part does not check alone. */
function conjuncts(source: string, model: AppModel, entity: string) {
  const read = (part: string) => ({
    part,
    facts: expressionFacts(part, model, guardScope(entity)),
  });
  try {
    const parts = analyseExpression(source, model, guardScope(entity)).conjuncts;
    return parts.map((c) => read(c.source));
  } catch {
    return [read(source)];
  }
}

/** Prepares a row's guard once; throws (a start-up error) when part of it cannot run. */
export function prepareGuard(
  model: AppModel,
  entity: string,
  transition: Transition,
  mapping: SqlMapping,
): PreparedGuard {
  const source = transition.when?.source;
  if (source === undefined)
    return { js: [], follows: new Set(), depth: 0, counts: false, pins: [] };
  // The record is bound as parameters: the stored record before the transition, in wire form.
  const sqlArgs = (text: string, scope = SQL_SCOPE(entity)) =>
    [text, model, scope, mapping, { record: 'params' }] as const;
  const where = `the guard \`${source}\` of ${entity}.${transition.action}`;
  const inSql: string[] = [];
  const withInput: string[] = [];
  const js: JsCondition[] = [];
  const follows = new Set<string>();
  let depth = 0;
  let counts = false;
  for (const { part, facts } of conjuncts(source, model, entity)) {
    const compiles = !facts.readsInput && compileToSql(...sqlArgs(part)).ok;
    if (compiles) {
      inSql.push(part);
      counts ||= facts.counts;
    } else if (facts.counts && facts.readsInput) {
      const compiled = compileToSql(...sqlArgs(part, INPUT_SCOPE(entity)));
      if (!compiled.ok)
        throw new Error(`${where} counts records in a part that cannot run in the database.`);
      withInput.push(part);
      counts = true;
    } else if (facts.counts)
      throw new Error(`${where} counts records in a part that cannot run in the database.`);
    else {
      const evaluate = prepareEvaluation(part, model, guardScope(entity));
      const { readsInput, readsOnlyInput, inputs } = facts;
      js.push({ source: part, readsInput, readsOnlyInput, inputs, evaluate });
      for (const f of facts.follows) follows.add(f);
      depth = Math.max(depth, facts.depth);
    }
  }
  const pins = counts ? countPins(source, model, guardScope(entity)) : [];
  const guard: PreparedGuard = { source, js, follows, depth, counts, pins };
  // A newline before each closing parenthesis keeps a trailing `//` comment from eating it.
  const joined = (parts: string[]) => parts.map((p) => `(${p}\n)`).join(' && ');
  if (inSql.length > 0) {
    const compiled = compileToSql(...sqlArgs(joined(inSql)));
    if (!compiled.ok) throw new Error(`${where} cannot run: ${compiled.issues[0]?.message}`);
    guard.sql = compiled.sql;
    const local = compileToJs(joined(inSql), model, SQL_SCOPE(entity));
    if (local.ok) guard.local = local.holds;
  }
  if (withInput.length > 0) {
    const compiled = compileToSql(...sqlArgs(joined(withInput), INPUT_SCOPE(entity)));
    if (!compiled.ok) throw new Error(`${where} cannot run: ${compiled.issues[0]?.message}`);
    guard.withInput = compiled.sql;
  }
  return guard;
}
