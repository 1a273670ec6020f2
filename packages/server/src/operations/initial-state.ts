import {
  compileToSql,
  prepareEvaluation,
  type ExprScope,
  type SqlMapping,
  type SqlParams,
} from '@specrun/expr';
import type { AppModel, Lifecycle } from '@specrun/model';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { countPins, type CountPin } from '../rules/count-pins.js';
import type { RuleInput } from '../rules/run-rules.js';
import type { Db } from '../store/db-type.js';
import { copied } from '../objects/merged.js';

/** One `state when `condition`` of a lifecycle's Initial, ready to ask. */
export interface PreparedInitialChoice {
  state: string;
  /** The condition in SQL, with the record and the user bound as parameters. */
  sql?: (params: SqlParams) => RawBuilder<SqlBool>;
  /** The condition in JavaScript, when it does not compile to SQL (it then counts nothing). */
  holds?: (input: RuleInput) => boolean;
  /** Its counts, for the turn the create takes before deciding (see turnKeys). */
  pins: CountPin[];
}

function holdsInJs(model: AppModel, source: string, scope: ExprScope) {
  const run = prepareEvaluation(source, model, scope);
  return (input: RuleInput) => {
    try {
      return run(copied(input)) === true;
    } catch {
      return false;
    }
  };
}

/**
 * Compiles a lifecycle's data-dependent initial states once, at start. A condition that counts
 * runs in the database, like a rule of section 5 (the reader checks that it can); a condition
 * that cannot compile to SQL is worked out in JavaScript.
 */
export function prepareInitialChoices(
  model: AppModel,
  lifecycle: Lifecycle,
  mapping: SqlMapping,
): PreparedInitialChoice[] {
  const scope: ExprScope = { entity: lifecycle.entity };
  return (lifecycle.initialWhen ?? []).map(({ state, when }) => {
    const pins = countPins(when.source, model, scope);
    const compiled = compileToSql(when.source, model, scope, mapping, { record: 'params' });
    if (compiled.ok) return { state, sql: compiled.sql, pins };
    if (pins.length > 0)
      throw new Error(
        `The initial state condition \`${when.source}\` cannot run in the database: ${compiled.issues[0]?.message}`,
      );
    return { state, holds: holdsInJs(model, when.source, scope), pins };
  });
}

/**
 * The state a new record starts in: the first choice whose condition holds on the record as it
 * would be created, else `otherwise`. Asked in one statement on the create's transaction, after
 * the create has taken its turn, so that racing creates count each other (an error is false).
 */
export async function initialState(
  db: Db,
  choices: readonly PreparedInitialChoice[],
  otherwise: string,
  input: RuleInput,
): Promise<string> {
  if (choices.length === 0) return otherwise;
  const params = { record: input.record, old: null, user: input.user, now: input.now };
  const asked = choices.flatMap((c, i) =>
    c.sql ? [sql`CASE WHEN ${c.sql(params)} THEN 1 ELSE 0 END AS ${sql.id(`c${i}`)}`] : [],
  );
  const row =
    asked.length === 0
      ? {}
      : ((await sql<Record<string, unknown>>`SELECT ${sql.join(asked)}`.execute(db)).rows[0] ?? {});
  const chosen = choices.find((c, i) => (c.sql ? Number(row[`c${i}`]) === 1 : c.holds!(input)));
  return chosen?.state ?? otherwise;
}
