import type { Entity } from '@specrun/model';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../store/db-type.js';
import type { PreparedEntity } from './prepared-entity.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { WireRecord } from '../store/record-codec.js';

/** A `slug from x` field: derived from `from` at create, and on update when it `follows`. */
export interface SlugField {
  field: string;
  from: string;
  follows: boolean;
}

// Long titles make long addresses; a slug keeps their start, which is what a reader recognises.
const MAX_BASE = 100;

/** The slug fields of an entity, worked out once. */
export function slugFields(entity: Entity): SlugField[] {
  return entity.fields.flatMap((field) =>
    field.rules.flatMap((rule) =>
      rule.kind === 'slugFrom'
        ? [{ field: field.name, from: rule.from, follows: rule.follows === true }]
        : [],
    ),
  );
}

/**
 * A text as a slug: kebab-case ASCII (accents dropped by NFKD, every run of other characters a
 * single `-`, none at either end, lower case), at most MAX_BASE characters; `fallback` when
 * nothing is left (a title of emoji or of another script).
 */
export function slugOf(text: unknown, fallback: string): string {
  const ascii = String(text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const base = ascii.slice(0, MAX_BASE).replace(/-+$/, '');
  return base === '' ? fallback : base;
}

/** The first of `base`, `base-2`, `base-3`... that no other record of the table holds. */
async function freeSlug(
  trx: Db,
  table: EntityTable,
  field: string,
  base: string,
  self: string | undefined,
): Promise<string> {
  // A slug has no `%` or `_`, so the pattern matches exactly the suffixed forms (and a few more).
  if (table.dialect === 'postgres')
    // Writes choosing the same slug take turns (until commit), so each sees the one before; a
    // key of two integers, apart from the single keys of counting-transaction.ts.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`${table.table}.${field}`}), hashtext(${base}))`.execute(
      trx,
    );
  const column = sql.ref(field);
  let query = trx
    .selectFrom(table.table)
    .select(column.as('slug'))
    .where(sql<SqlBool>`(${column} = ${base} OR ${column} LIKE ${`${base}-%`})`);
  if (self !== undefined) query = query.where('id', '<>', self);
  const taken = new Set((await query.execute()).map((row) => String(row.slug)));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * The slugs of a record about to be written: on create (`self` undefined) every slug field; on
 * update those that follow a source that changes. Writes choosing from the same base take turns
 * on PostgreSQL (SQLite writes one at a time); should one still lose (a slug set another way),
 * the unique checks find it taken and the operation tries again (see retrySlugClash).
 */
export async function slugValues(
  trx: Db,
  table: EntityTable,
  slugs: readonly SlugField[],
  values: WireRecord,
  fallback: string,
  update?: { self: string; changed: ReadonlySet<string> },
): Promise<WireRecord> {
  const out: WireRecord = {};
  for (const slug of slugs) {
    if (update && !(slug.follows && update.changed.has(slug.from))) continue;
    const base = slugOf(values[slug.from], fallback);
    out[slug.field] = await freeSlug(trx, table, slug.field, base, update?.self);
  }
  return out;
}

/**
 * Puts the record's slugs into `values` (the checked values about to be written): on create
 * every slug, from the values; on update those that follow a source the update changes validly,
 * from the stored record with the changes.
 */
export async function chooseSlugs(
  trx: Db,
  prepared: PreparedEntity,
  values: WireRecord,
  update?: { stored: WireRecord; problems: ReadonlyMap<string, unknown> },
): Promise<void> {
  const { slugs, table } = prepared;
  if (slugs.length === 0) return;
  const fallback = prepared.entity.name.toLowerCase();
  if (!update) {
    Object.assign(values, await slugValues(trx, table, slugs, values, fallback));
    return;
  }
  const { stored } = update;
  const changed = new Set(
    Object.keys(values).filter(
      (name) =>
        !update.problems.has(name) && JSON.stringify(values[name]) !== JSON.stringify(stored[name]),
    ),
  );
  if (!slugs.some((s) => s.follows && changed.has(s.from))) return;
  const self = { self: String(stored.id), changed };
  Object.assign(
    values,
    await slugValues(trx, table, slugs, { ...stored, ...values }, fallback, self),
  );
}
