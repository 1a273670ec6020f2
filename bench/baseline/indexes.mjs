// The indexes a careful engineer would give the baselines' queries (server.mjs, *-store.mjs,
// items-server.mjs).
// Both servers run on the one database specrun made, so the run checks that it holds these
// before measuring: the baseline is never measured without them, nor specrun with more help than
// a hand-written server would have. Columns as CREATE INDEX lists them.
export const BASELINE_INDEXES = [
  {
    table: 'tickets',
    columns: ['customer', 'createdAt desc', 'id'],
    serves:
      "a customer's list, newest first (ORDER BY createdAt DESC, id), and by its first column the count of their open tickets on create",
  },
  {
    table: 'tickets',
    columns: ['createdAt desc', 'id'],
    serves: "an agent's list of every ticket, newest first",
  },
];

/** The lean workload's one index (items-server.mjs). */
export const LEAN_INDEXES = [
  {
    table: 'items',
    columns: ['createdAt desc', 'id'],
    serves: 'the list of items, newest first (ORDER BY createdAt DESC, id)',
  },
];

const reversed = (column) =>
  column.endsWith(' desc') ? column.slice(0, -' desc'.length) : `${column} desc`;

/** Whether an index (its columns as CREATE INDEX lists them) reads as `wanted`, either way. */
function readsAs(columns, wanted) {
  if (columns.length < wanted.length) return false;
  const lead = columns.slice(0, wanted.length);
  return lead.every((c, i) => c === wanted[i]) || lead.every((c, i) => c === reversed(wanted[i]));
}

/**
 * Throws unless the database holds every index of `indexes` (or one that starts as it does).
 * `seed.indexes(table)` answers a table's indexes as lists of columns.
 */
export async function requireBaselineIndexes(seed, indexes = BASELINE_INDEXES) {
  const missing = [];
  for (const wanted of indexes) {
    const held = await seed.indexes(wanted.table);
    if (!held.some((columns) => readsAs(columns, wanted.columns)))
      missing.push(`${wanted.table} (${wanted.columns.join(', ')}) for ${wanted.serves}`);
  }
  if (missing.length > 0)
    throw new Error(`The database lacks indexes the baseline needs:\n  ${missing.join('\n  ')}`);
}
