import type { RuleTrigger } from '@specrun/model';
import { sql } from 'kysely';
import type { Db } from '../store/db-type.js';
import { runRead } from '../store/fast-reads.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedRule } from './compile-rules.js';

/** What a rule is checked on: the record as it would be saved, the stored one, the user. */
export interface RuleInput {
  record: WireRecord;
  old?: WireRecord;
  user: WireRecord | null;
  now: Date;
}

/** An operation's rules, split once: those it runs, and of them those asked in SQL. */
interface DueRules {
  due: readonly PreparedRule[];
  inSql: readonly PreparedRule[];
  inJs: readonly PreparedRule[];
}

const split = (due: readonly PreparedRule[]): DueRules => ({
  due,
  inSql: due.filter((r) => !r.local && r.sql),
  inJs: due.filter((r) => r.local || !r.sql),
});

// An entity's rules and a trigger give the same split on every write: worked out once.
const splits = new WeakMap<readonly PreparedRule[], Map<RuleTrigger, DueRules>>();

/** The rules due for the trigger, those reading a field with a problem left out. */
function dueRules(
  rules: readonly PreparedRule[],
  trigger: RuleTrigger,
  problems: ReadonlySet<string>,
): DueRules {
  if (problems.size > 0)
    return split(
      rules.filter((r) => r.on.includes(trigger) && ![...r.reads].some((f) => problems.has(f))),
    );
  let byTrigger = splits.get(rules);
  if (!byTrigger) splits.set(rules, (byTrigger = new Map()));
  let found = byTrigger.get(trigger);
  if (!found) byTrigger.set(trigger, (found = split(rules.filter((r) => r.on.includes(trigger)))));
  return found;
}

/**
 * The rules of section 5 that fail for this operation. Rules reading a field that already has a
 * problem are skipped. The compiled ones run together in one SELECT on the write's connection,
 * so count() is answered by the database; an error (NULL) counts as failing.
 */
export async function failingRules(
  db: Db,
  rules: readonly PreparedRule[],
  trigger: RuleTrigger,
  input: RuleInput,
  problems: ReadonlySet<string>,
): Promise<PreparedRule[]> {
  if (rules.length === 0) return [];
  const { due, inSql, inJs } = dueRules(rules, trigger, problems);
  const failing = inJs.filter((r) => !r.holds![trigger](input));
  if (inSql.length === 0) return failing;
  const params = { record: input.record, old: input.old ?? null, user: input.user, now: input.now };
  const columns = inSql.map(
    (r, i) => sql`CASE WHEN ${r.sql!(params)} THEN 1 ELSE 0 END AS ${sql.id(`r${i}`)}`,
  );
  // Compiled here and run as a read of the write's own: at once on SQLite's transaction, without
  // Kysely's executor between (see fast-reads.ts).
  const query = sql`SELECT ${sql.join(columns)}`.compile(db);
  const [row = {}] = await runRead(db, query, query.parameters);
  inSql.forEach((r, i) => {
    if (Number(row[`r${i}`]) !== 1) failing.push(r);
  });
  return due.filter((r) => failing.includes(r));
}
