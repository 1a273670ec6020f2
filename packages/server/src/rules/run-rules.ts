import type { RuleTrigger } from '@specrun/model';
import { sql } from 'kysely';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedRule } from './compile-rules.js';

/** What a rule is checked on: the record as it would be saved, the stored one, the user. */
export interface RuleInput {
  record: WireRecord;
  old?: WireRecord;
  user: WireRecord | null;
  now: Date;
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
  const due = rules.filter(
    (r) => r.on.includes(trigger) && ![...r.reads].some((f) => problems.has(f)),
  );
  const inSql = due.filter((r) => !r.local && r.sql);
  const failing = due.filter((r) => (r.local || !r.sql) && !r.holds![trigger](input));
  if (inSql.length === 0) return failing;
  const params = { record: input.record, old: input.old ?? null, user: input.user, now: input.now };
  const columns = inSql.map(
    (r, i) => sql`CASE WHEN ${r.sql!(params)} THEN 1 ELSE 0 END AS ${sql.id(`r${i}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)}`.execute(db);
  const row = rows[0] ?? {};
  inSql.forEach((r, i) => {
    if (Number(row[`r${i}`]) !== 1) failing.push(r);
  });
  return due.filter((r) => failing.includes(r));
}
