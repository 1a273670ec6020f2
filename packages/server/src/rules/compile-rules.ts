import {
  analyseExpression,
  checkExpression,
  compileToJs,
  compileToSql,
  prepareEvaluation,
  type ExprScope,
  type PreparedExpression,
  type SqlMapping,
  type SqlParams,
} from '@specrun/expr';
import type { RuleInput } from './run-rules.js';
import type { AppModel, RuleTrigger } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { countPins, type CountPin } from './count-pins.js';
import { ruleScope } from '../expressions/scopes.js';
import { copied, merged } from '../objects/merged.js';

/** A section 5 rule ready to run: in the database, or in JavaScript when it counts nothing. */
export interface PreparedRule {
  source: string;
  error: string;
  on: RuleTrigger[];
  /** The one field the rule is about, where its failure is reported. */
  field?: string;
  /** The entity's fields it reads: it is skipped when one of them already has a problem. */
  reads: ReadonlySet<string>;
  /** It counts records, so it decides on rows the write does not touch. */
  counts: boolean;
  /** Its counts, for the turn the write takes before deciding (see turnKeys). */
  pins: CountPin[];
  /** The condition with the record, old and user bound as parameters. */
  sql?: (params: SqlParams) => RawBuilder<SqlBool>;
  /**
   * Whether it holds on a create (no `old`) and on an update, in JavaScript: present when it
   * does not compile to SQL, or when it reads only the record's own values (then no query).
   */
  holds?: Record<RuleTrigger, (input: RuleInput) => boolean>;
  /** `holds` decides without the database: the rule is not asked in SQL. */
  local: boolean;
}

/**
 * The rule compiled to JavaScript for each trigger it runs on, when it reads only the values it
 * is given (the record, old, the user, constants, the clock): then it costs no query.
 */
function localRule(model: AppModel, source: string, entity: string, on: readonly RuleTrigger[]) {
  const holds: Record<RuleTrigger, (input: RuleInput) => boolean> = {
    create: () => false,
    update: () => false,
    delete: () => false,
  };
  for (const trigger of on) {
    const compiled = compileToJs(source, model, { entity, hasOld: trigger !== 'create' });
    if (!compiled.ok) return undefined;
    holds[trigger] = (input) => compiled.holds(merged(input, { old: input.old ?? null }));
  }
  return holds;
}

/**
 * The rule in JavaScript as a write of this kind sees it. One that cannot be evaluated there (it
 * reads `old` on a create) never holds, as the language says of a rule that cannot be evaluated.
 */
function holdsInJs(model: AppModel, source: string, scope: ExprScope) {
  let run: PreparedExpression;
  try {
    run = prepareEvaluation(source, model, scope);
  } catch {
    return () => false;
  }
  return (input: RuleInput) => {
    try {
      return run(copied(input)) === true;
    } catch {
      return false;
    }
  };
}

/**
 * Checks and compiles an entity's rules once. Every rule that compiles runs in the database, so
 * count() and references are read there, never by loading rows; a rule that does not compile
 * and counts records cannot run at all, which is a start-up error.
 */
export function compileRules(model: AppModel, entity: string, mapping: SqlMapping): PreparedRule[] {
  return model.rules
    .filter((r) => r.entity === entity)
    .map((r) => {
      const source = r.rule.source;
      const scope = ruleScope(entity, r.on);
      const checked = checkExpression(source, model, scope);
      if (checked.issues.length > 0)
        throw new Error(`The rule \`${source}\` does not check: ${checked.issues[0]!.message}`);
      const reads = new Set(
        checked.references.fields.filter((f) => f.entity === entity).map((f) => f.field),
      );
      const counts = analyseExpression(source, model, scope).counts.length > 0;
      const pins = counts ? countPins(source, model, scope) : [];
      const prepared: PreparedRule = {
        source,
        error: r.error,
        on: r.on,
        reads,
        counts,
        pins,
        local: false,
      };
      const local = counts ? undefined : localRule(model, source, entity, r.on);
      if (local) {
        prepared.holds = local;
        prepared.local = true;
      }
      if (r.field !== undefined) prepared.field = r.field;
      const compiled = compileToSql(source, model, scope, mapping, { record: 'params' });
      if (compiled.ok) prepared.sql = compiled.sql;
      else if (local) return prepared;
      else if (!counts)
        prepared.holds = {
          create: holdsInJs(model, source, { entity, hasOld: false }),
          update: holdsInJs(model, source, { entity, hasOld: true }),
          delete: holdsInJs(model, source, { entity, hasOld: true }),
        };
      else
        throw new Error(
          `The rule \`${source}\` cannot run in the database: ${compiled.issues[0]?.message}`,
        );
      return prepared;
    });
}
