import { readableIds } from '../operations/readable-ids.js';
import type { FieldChange, HistoryEntry } from '../store/history.js';
import type { WireRecord } from '../store/record-codec.js';
import type { LifecycleContext } from './lifecycle-context.js';
import type { LifecycleSetup } from './lifecycle-setup.js';

/** What one reader may see of a record's history, decided once for a page. */
interface Sight {
  /** The fields of the record the reader may read. */
  fields: ReadonlySet<string>;
  /** The reader may read every field of the record: nothing of it is hidden from them. */
  whole: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The input of an entry as the reader may see it. An input a Sets works out a field from is
 * shown to readers of every field it feeds (they see the value there anyway); one that feeds no
 * field (read only by a When, or an entry no Sets explains) is stored nowhere section 6 speaks
 * of, so it is shown only to readers of the whole record.
 */
function inputSeen(setup: LifecycleSetup, entry: HistoryEntry, sight: Sight): unknown {
  const { input } = entry;
  if (sight.whole || input === null) return input;
  if (!isObject(input)) return null;
  const feeds = setup.lifecycle?.inputFeeds.get(entry.action);
  const seen: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const fed = feeds?.get(name);
    if (fed && fed.size > 0 && [...fed].every((f) => sight.fields.has(f))) seen[name] = value;
  }
  return seen;
}

/** The changes of an entry to the fields the reader may read; the others are left out unnamed. */
function changesSeen(entry: HistoryEntry, sight: Sight): FieldChange[] | null {
  if (entry.changes === null || sight.whole) return entry.changes;
  return entry.changes.filter((c) => sight.fields.has(c.field));
}

/**
 * Whether an entry tells the reader nothing: an update (by a person or an effect) all of whose
 * changes are to fields they may not read. A transition still tells that it was taken.
 */
const nothingLeft = (entry: HistoryEntry, changes: FieldChange[] | null) =>
  entry.action === 'update' && entry.changes !== null && changes?.length === 0;

/**
 * A page of a record's history as the reader may see it: changes to fields they may not read
 * left out (an update with none left is left out whole), inputs that feed fields they may not
 * read left out (see inputSeen), `byUser` null for a person whose User record they may not read
 * (everyone may read their own), and the states null when they may not read the state field.
 * Decided for the whole page: the record's fields in one decision, the people in one SELECT.
 */
export async function historyForReader(
  setup: LifecycleSetup,
  ctx: LifecycleContext,
  stored: WireRecord,
  entries: readonly HistoryEntry[],
): Promise<HistoryEntry[]> {
  if (entries.length === 0) return [];
  const { app, prepared } = setup;
  const { actor, policy } = ctx;
  const db = app.store.db;
  const entity = prepared.entity.name;
  const [fields] = await policy.visibleFields(actor, entity, [stored], db, { readable: true });
  const others = entries.flatMap((e) => (e.byUser && e.byUser !== actor?.id ? [e.byUser] : []));
  const users = app.tables.get('User');
  const people = users ? await readableIds(db, policy, actor, users, others) : new Set<string>();
  if (actor) people.add(actor.id);
  const sight: Sight = {
    fields: fields!,
    whole: prepared.entity.fields.every((f) => fields!.has(f.name)),
  };
  const states = setup.lifecycle === undefined || sight.fields.has(setup.lifecycle.field);
  return entries.flatMap((entry) => {
    const changes = changesSeen(entry, sight);
    if (nothingLeft(entry, changes)) return [];
    const byUser = entry.byUser !== null && people.has(entry.byUser) ? entry.byUser : null;
    const seen = { ...entry, input: inputSeen(setup, entry, sight), changes, byUser };
    return [states ? seen : { ...seen, fromState: null, toState: null }];
  });
}
