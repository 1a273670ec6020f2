// The lean workload's data: public items, one every 30 seconds from 2024-01-01 on, the same in
// every run and for every server (ids included), so that a larger size only adds newer items.

const START = Date.parse('2024-01-01T00:00:00.000Z');
const STEP_MS = 30_000;
const BODY =
  'A sturdy desk lamp with an adjustable arm and a warm light, for reading late and working at ' +
  'a desk. Ships within two days; returns are free for thirty days after delivery.';

/** The items table's columns as specrun made it, in the order itemRows gives their values. */
export const ITEM_COLUMNS = [
  'id',
  'title',
  'body',
  'price',
  'stock',
  'createdAt',
  'updatedAt',
  'createdBy',
  'version',
];

/** A UUIDv7 for the millisecond `ms`, its random part made from `n` so that runs agree. */
function itemId(ms, n) {
  const time = ms.toString(16).padStart(12, '0');
  const rest = n.toString(16).padStart(15, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${rest.slice(0, 3)}-8${rest.slice(3, 6)}-${rest.slice(6).padStart(12, '0')}`;
}

/** Items number `from` to `to - 1`, each as its values in ITEM_COLUMNS order. */
export function* itemRows(from, to) {
  for (let i = from; i < to; i++) {
    const at = new Date(START + i * STEP_MS).toISOString();
    yield [
      itemId(START + i * STEP_MS, i),
      `Item ${i}: desk lamp`,
      BODY,
      100 + ((i * 7919) % 100_000),
      i % 50,
      at,
      at,
      null,
      1,
    ];
  }
}
