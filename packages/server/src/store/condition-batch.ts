import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from './db-type.js';

// Columns per SELECT: far below SQLite's 2000 and both dialects' limits on parameters.
const CHUNK = 100;

/** An answer of a ConditionBatch, to read once the batch has run. */
export type Answer = () => boolean;

/** An answer known without asking. */
export const known = (value: boolean): Answer => (value ? yes : no);
const yes: Answer = () => true;
const no: Answer = () => false;

/** Whether an answer is known not to hold without asking (nothing of its batch waits on it). */
export const neverHolds = (answer: Answer): boolean => answer === no;

/**
 * Conditions asked of the database together: each is added with `ask`, and `run` answers all of
 * them in one SELECT without FROM (per hundred), each condition a column that is 1 when it holds.
 * A condition that errs (NULL) does not hold, as the language says. A page of records is decided
 * this way in one statement, whatever its number of records and decisions.
 */
export class ConditionBatch {
  private readonly conditions: RawBuilder<SqlBool>[] = [];
  private answers: boolean[] | undefined;

  /** Adds a condition that holds when any of `anyOf` holds; read the answer after run(). */
  ask(anyOf: readonly RawBuilder<SqlBool>[]): Answer {
    if (anyOf.length === 0) return no;
    const index = this.conditions.length;
    this.conditions.push(
      anyOf.length === 1 ? anyOf[0]! : sql<SqlBool>`(${sql.join(anyOf, sql` OR `)})`,
    );
    return () => {
      if (!this.answers) throw new Error('a condition was read before its batch ran');
      return this.answers[index]!;
    };
  }

  /** Whether any condition waits for the database. */
  get pending(): boolean {
    return this.answers === undefined && this.conditions.length > 0;
  }

  /** Asks the database every condition added; costs nothing when none was. */
  async run(db: Db): Promise<void> {
    const answers: boolean[] = [];
    for (let i = 0; i < this.conditions.length; i += CHUNK) {
      const chunk = this.conditions.slice(i, i + CHUNK);
      const columns = chunk.map(
        (c, k) => sql`CASE WHEN ${c} THEN 1 ELSE 0 END AS ${sql.id(`c${k}`)}`,
      );
      const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)}`.execute(db);
      const row = rows[0] ?? {};
      chunk.forEach((_, k) => answers.push(Number(row[`c${k}`]) === 1));
    }
    this.answers = answers;
  }
}
