import type { Db } from './db-type.js';
import { HISTORY_COLUMNS, type EntityTable } from './entity-tables.js';
import { newId } from './ids.js';
import { runWrite } from './fast-reads.js';

/** A field an entry changed, with its value before and after (null for none). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * One entry of a record's history: an update or a transition (or another action), who did it,
 * when, and the fields it changed; `changes` is null on entries written before they were kept.
 */
export interface HistoryEntry {
  id: string;
  recordId: string;
  action: string;
  fromState: string | null;
  toState: string | null;
  input: unknown;
  changes: FieldChange[] | null;
  byUser: string | null;
  at: string;
}

/** What the caller says about an entry; the id and the time are the engine's. */
export type NewHistoryEntry = Pick<HistoryEntry, 'recordId' | 'action'> &
  Partial<Pick<HistoryEntry, 'fromState' | 'toState' | 'input' | 'changes' | 'byUser'>> & {
    at?: Date;
  };

/** The columns an entry is read from. */
export const HISTORY_SELECT = [
  'id',
  'recordId',
  'action',
  'fromState',
  'toState',
  'input',
  'changes',
  'byUser',
  'at',
] as const;

const fromJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : (value ?? null);

/** An entry as either driver reads its row (JSON as text on SQLite, instants as Dates on pg). */
export function historyEntryOf(row: Record<string, unknown>): HistoryEntry {
  return {
    ...(row as unknown as HistoryEntry),
    input: fromJson(row.input),
    changes: fromJson(row.changes) as FieldChange[] | null,
    at: row.at instanceof Date ? row.at.toISOString() : String(row.at),
  };
}

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
    changes: entry.changes ?? null,
    byUser: entry.byUser ?? null,
    at: (entry.at ?? new Date()).toISOString(),
  };
  const stored = row as unknown as Record<string, unknown>;
  // The JSON columns as text; the others as they are.
  const parameters = HISTORY_COLUMNS.map((c) =>
    (c === 'input' || c === 'changes') && stored[c] !== null
      ? JSON.stringify(stored[c])
      : stored[c],
  );
  await runWrite(db, table.insertHistory, parameters);
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
    .select([...HISTORY_SELECT])
    .where('recordId', '=', recordId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => historyEntryOf(r as Record<string, unknown>));
}
