import type { EffectTarget } from '@specrun/model';
import { sql } from 'kysely';
import type { PreparedApp } from '../app/prepared-app.js';
import { userRecord } from '../callers/user-record.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import type { Candidate, EffectCause } from './effect-values.js';
import type { PreparedEffect } from './prepare-effects.js';
import { readRecords } from './read-records.js';
import { merged } from '../objects/merged.js';

/** The record an effect changes, as stored, with its entity; the candidate when a query found it. */
export interface EffectTargetRecord {
  prepared: PreparedEntity;
  stored: WireRecord;
  candidate?: Candidate;
}

function entityOf(app: PreparedApp, cause: EffectCause, target: EffectTarget): PreparedEntity {
  if (target.kind === 'first') return app.entities.get(target.entity)!;
  const field = app.entities.get(cause.entity)!.fields.get(target.field)!.field;
  if (field.type.kind !== 'reference')
    throw new Error(`${cause.entity}.${target.field} is no reference`);
  return app.entities.get(field.type.entity)!;
}

/**
 * The id of the first record the query finds, in the query's order then by id. On PostgreSQL the
 * row is locked, and rows other transactions hold are skipped: of two cancellations promoting at
 * once, each finds a booking of its own (SQLite runs one write transaction at a time).
 */
async function firstId(
  app: PreparedApp,
  db: Db,
  ctx: OperationContext,
  prepared: PreparedEffect,
  target: Extract<EffectTarget, { kind: 'first' }>,
  cause: EffectCause,
): Promise<string | undefined> {
  const table = app.entities.get(target.entity)!.table;
  const alias = target.variable;
  const params = merged(cause, { user: userRecord(ctx.actor), now: ctx.now });
  const order = target.by
    ? sql`${sql.ref(`${alias}.${target.by}`)} ${sql.raw(target.descending ? 'DESC' : 'ASC')}, `
    : sql``;
  const lock = app.store.dialect === 'postgres' ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  const { rows } = await sql<{ id: string }>`SELECT ${sql.ref(`${alias}.id`)} AS id
    FROM ${sql.table(table.table)} AS ${sql.table(alias)}
    WHERE ${prepared.where!(params)}
    ORDER BY ${order}${sql.ref(`${alias}.id`)} LIMIT 1${lock}`.execute(db);
  return rows[0]?.id;
}

/** The record an effect changes; undefined when the reference is empty or the query finds none. */
export async function effectTarget(
  app: PreparedApp,
  db: Db,
  ctx: OperationContext,
  prepared: PreparedEffect,
  target: EffectTarget,
  cause: EffectCause,
): Promise<EffectTargetRecord | undefined> {
  const entity = entityOf(app, cause, target);
  const id =
    target.kind === 'first'
      ? await firstId(app, db, ctx, prepared, target, cause)
      : cause.record[target.field];
  if (typeof id !== 'string') return undefined;
  // A referenced record is locked before it is read, so that effects of concurrent transitions on
  // one record (two cancellations marking their course) change it one after the other, each from
  // what the other wrote, rather than one answering CONFLICT. The query's row is locked already.
  if (target.kind === 'reference' && app.store.dialect === 'postgres')
    await sql`SELECT id FROM ${sql.table(entity.table.table)} WHERE id = ${id} FOR UPDATE`.execute(
      db,
    );
  // As a transition reads it: with the values the database computes when its lifecycle reads them.
  const values = entity.lifecycle?.readsDatabaseValues ? entity.databaseValues(ctx) : undefined;
  const found = await readRecords(db, entity.table, [id], values);
  const stored = found.get(id);
  if (!stored) return undefined;
  if (target.kind !== 'first') return { prepared: entity, stored };
  const candidate = { name: target.variable, entity: target.entity, record: stored };
  return { prepared: entity, stored, candidate };
}
