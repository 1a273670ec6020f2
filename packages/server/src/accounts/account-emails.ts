import { accountEmail } from '@specrun/model';
import { sql } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';
import { objectName } from '../store/naming.js';

/** The index that keeps emails unique whatever their case, in the database itself. */
export const caselessEmailIndex = (users: string) =>
  objectName('_specrun', users, 'email_caseless');

async function indexExists(db: Db, dialect: Dialect, name: string): Promise<boolean> {
  const query =
    dialect === 'postgres'
      ? sql`SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ${name}`
      : sql`SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ${name}`;
  return (await query.execute(db)).rows.length > 0;
}

interface Stored {
  id: string;
  email: string;
}

function clashes(groups: Stored[][]): AppError {
  const named = groups.map((g) => g.map((u) => `"${u.email}" (id ${u.id})`).join(' and '));
  return new AppError(
    'CONFLICT',
    `Some accounts have the same email written differently (in case, accents or spaces): ${named.join('; ')}. ` +
      'Each address is now one account, and specrun will not merge accounts: give all but one of each a different email in the database ' +
      '(for instance UPDATE users SET email = … WHERE id = …), then start again. Nothing was changed.',
  );
}

/**
 * Brings a database made before emails were kept in their account form (accountEmail) to it:
 * every email rewritten in that form, then a unique index on lower(email), so that the database
 * itself refuses two accounts whose emails differ only in case. Emails that would become the same
 * are refused by name, never merged. The index also marks the work done: it runs once, and again
 * only if a rebuilt users table lost the index.
 */
export async function keepAccountEmails(db: Db, dialect: Dialect, users: string): Promise<void> {
  const index = caselessEmailIndex(users);
  if (await indexExists(db, dialect, index)) return;
  const rows = (await db.selectFrom(users).select(['id', 'email']).execute()) as Stored[];
  const byKey = new Map<string, Stored[]>();
  for (const row of rows) {
    const key = accountEmail(String(row.email));
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const clashing = [...byKey.values()].filter((group) => group.length > 1);
  if (clashing.length > 0) throw clashes(clashing);
  for (const [key, [row]] of byKey)
    if (row!.email !== key)
      await db.updateTable(users).set({ email: key }).where('id', '=', row!.id).execute();
  await db.schema
    .createIndex(index)
    .unique()
    .on(users)
    .expression(sql`lower(${sql.ref('email')})`)
    .execute();
}
