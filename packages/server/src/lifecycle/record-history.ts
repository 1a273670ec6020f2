import { sql } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import { unreadable } from '../operations/refusal.js';
import { HISTORY_SELECT, historyEntryOf, type HistoryEntry } from '../store/history.js';
import { getRecord } from '../store/records.js';
import { historyForReader } from './history-for-reader.js';
import type { LifecycleContext } from './lifecycle-context.js';
import type { LifecycleSetup } from './lifecycle-setup.js';

/** One page of a record's history, oldest first; `nextCursor` when there is more. */
export interface HistoryPage {
  items: HistoryEntry[];
  nextCursor?: string;
}

const badCursor = () =>
  new AppError('BAD_REQUEST', 'cursor: send the nextCursor of the previous page as it was given.');

// A cursor is the last entry's instant and id: entries are ordered by both.
function encodeCursor(entry: HistoryEntry): string {
  return Buffer.from(JSON.stringify([entry.at, entry.id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as unknown[];
      if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at)))
        return [new Date(at).toISOString(), id];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badCursor();
}

/**
 * A page of a record's history (who, when, which action, from and to which state, with what
 * input, changing which fields), for whoever may read the record, showing them only what they may read (see
 * history-for-reader.ts); NOT_FOUND for anyone else, as for the record itself.
 */
export async function recordHistory(
  setup: LifecycleSetup,
  ctx: LifecycleContext,
  id: string,
  cursor?: string,
  limit: number = setup.app.limits.pageSize,
): Promise<HistoryPage> {
  const { prepared, app } = setup;
  const db = app.store.db;
  const entity = prepared.entity.name;
  const stored = await getRecord(db, prepared.table, id);
  if (!stored || !(await ctx.policy.canReadRecord(ctx.actor, entity, stored, db)))
    throw unreadable(ctx.policy, ctx.actor, entity, id);
  const size = Math.max(1, Math.min(Math.trunc(limit), app.limits.maxPageSize));
  let query = db
    .selectFrom(prepared.table.history)
    .select([...HISTORY_SELECT])
    .where('recordId', '=', id);
  if (cursor !== undefined) {
    const [at, last] = decodeCursor(cursor);
    // Instants are ISO text on SQLite (ordered as text) and timestamptz on PostgreSQL.
    const when = app.store.dialect === 'postgres' ? sql`${at}::timestamptz` : sql`${at}`;
    query = query.where((eb) =>
      eb.or([eb('at', '>', when), eb.and([eb('at', '=', when), eb('id', '>', last)])]),
    );
  }
  const rows = await query
    .orderBy('at')
    .orderBy('id')
    .limit(size + 1)
    .execute();
  const entries = rows.slice(0, size).map((r) => historyEntryOf(r as Record<string, unknown>));
  const items = await historyForReader(setup, ctx, stored, entries);
  const last = entries[size - 1];
  return rows.length > size && last ? { items, nextCursor: encodeCursor(last) } : { items };
}
