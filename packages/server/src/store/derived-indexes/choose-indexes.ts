import { objectName } from '../naming.js';
import type { IndexSchema } from '../schema-types.js';
import type { IndexNeed, OrderColumn } from './index-need.js';

/** An index as a query can use it: its columns, each descending or not. */
type Keys = OrderColumn[];

const keysOf = (index: Pick<IndexSchema, 'columns' | 'descending'>): Keys =>
  index.columns.map((column) => ({ column, desc: index.descending?.includes(column) ?? false }));

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Whether an index answers the need: its first columns are the pinned fields, in any order (they
 * are all equalities), and then the need's order, as it is or wholly reversed (an index reads
 * backwards as well as forwards).
 */
function serves(keys: Keys, need: IndexNeed): boolean {
  const pinned = keys.slice(0, need.equal.length).map((k) => k.column);
  if (!sameSet(pinned, need.equal)) return false;
  const rest = keys.slice(need.equal.length, need.equal.length + need.order.length);
  if (rest.length < need.order.length) return false;
  const flip = rest.length > 0 && rest[0]!.desc !== need.order[0]!.desc;
  return need.order.every(
    (o, i) => rest[i]!.column === o.column && (rest[i]!.desc === o.desc) !== flip,
  );
}

/** The index a need would get: its pins, then its order (or, for a count, what it compares). */
function indexFor(table: string, need: IndexNeed): IndexSchema {
  // A lone order column reads as well either way: kept ascending, as any other index's.
  const order = need.order.length === 1 ? [{ ...need.order[0]!, desc: false }] : need.order;
  const tail =
    need.order.length > 0 ? order : need.compared.map((column) => ({ column, desc: false }));
  const columns = [...need.equal, ...tail.map((k) => k.column)];
  const descending = tail.filter((k) => k.desc).map((k) => k.column);
  const index: IndexSchema = {
    name: objectName(`ix_${table}_`, ...columns),
    columns,
    unique: false,
  };
  if (descending.length > 0) index.descending = descending;
  return index;
}

/**
 * An entity table's indexes: its unique fields' (`unique`), one per need no index answers yet
 * (`needs`, lists before counts, the longest first, so that a shorter need finds a longer index
 * that starts as it does), and its references' (`references`) unless a chosen index starts with
 * the reference's column and so serves its lookups (deletes, joins) already. `one` are the
 * columns whose equality finds one row at most: a need pinning one is answered by that.
 */
export function chooseIndexes(
  table: string,
  unique: IndexSchema[],
  references: IndexSchema[],
  needs: IndexNeed[],
  one: ReadonlySet<string>,
): IndexSchema[] {
  const chosen: IndexSchema[] = [];
  const known = () => [{ columns: ['id'] }, ...unique, ...references, ...chosen].map(keysOf);
  const lists = (n: IndexNeed) => Number(n.order.length > 0);
  const size = (n: IndexNeed) => n.equal.length + n.order.length + n.compared.length;
  const ordered = [...needs].sort((a, b) => lists(b) - lists(a) || size(b) - size(a));
  for (const need of ordered) {
    if (need.equal.some((f) => one.has(f))) continue;
    if (need.equal.length === 0 && need.order.length === 0) continue;
    if (known().some((keys) => serves(keys, need))) continue;
    const index = indexFor(table, need);
    if (!chosen.some((c) => c.name === index.name)) chosen.push(index);
  }
  const kept = references.filter((r) => !chosen.some((c) => c.columns[0] === r.columns[0]));
  return [...unique, ...kept, ...chosen];
}
