import type { Db } from './db-type.js';
import { HISTORY_COLUMNS, type EntityTable } from './entity-tables.js';
import { newId } from './ids.js';

/** One entry of a record's history: a transition (or another action) and who did it, when. */
export interface HistoryEntry {
  id: string;
  recordId: string;
  action: string;
  fromState: string | null;
  toState: string | null;
  input: unknown;
  byUser: string | null;
  at: string;
}

/** What the caller says about an entry; the id and the time are the engine's. */
export type NewHistoryEntry = Pick<HistoryEntry, 'recordId' | 'action'> &
  Partial<Pick<HistoryEntry, 'fromState' | 'toState' | 'input' | 'byUser'>> & { at?: Date };

/** Adds an entry to a record's history, in the caller's transaction. */
export async function appendHistory(
  db: Db,
  table: EntityTable,
  entry: NewHistoryEntry,
): Promise<HistoryEntry> {
  const row: HistoryEntry = {
    id: newId(),
    recordId: entry.recordId,
    action: entry.action,
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    input: entry.input ?? null,
    byUser: entry.byUser ?? null,
    at: (entry.at ?? new Date()).toISOString(),
  };
  const values: Record<string, unknown> = {
    ...row,
    input: row.input === null ? null : JSON.stringify(row.input),
  };
  const parameters = HISTORY_COLUMNS.map((c) => values[c]);
  await db.executeQuery({ ...table.insertHistory, parameters });
  return row;
}

/** A record's history, oldest first. */
export async function readHistory(
  db: Db,
  table: EntityTable,
  recordId: string,
): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom(table.history)
    .select(['id', 'recordId', 'action', 'fromState', 'toState', 'input', 'byUser', 'at'])
    .where('recordId', '=', recordId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...(r as HistoryEntry),
    input: typeof r.input === 'string' ? JSON.parse(r.input) : (r.input ?? null),
    at: r.at instanceof Date ? r.at.toISOString() : String(r.at),
  }));
}
