import type { AppModel } from '@specrun/model';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { WireRecord } from '../store/record-codec.js';
import type { DatabaseValues } from '../operations/database-values.js';
import type { OperationContext } from '../operations/operation-context.js';
import { readRecords } from './read-records.js';
import { copied } from '../objects/merged.js';

/** What loading references needs: the model, the tables, and what the expressions follow. */
export interface ReferenceLoading {
  model: AppModel;
  tables: ReadonlyMap<string, EntityTable>;
  /** `Entity.field` of every reference an expression reads through. */
  follows: ReadonlySet<string>;
  depth: number;
  /**
   * The values an entity's database-computed fields take for one request: a record loaded reads
   * them as a list would show them, not as the empty columns they are stored in.
   */
  valuesOf(entity: string): DatabaseValues | undefined;
}

/**
 * The records with each followed reference replaced by the record it points to, loaded the same
 * way, `depth` references deep: evaluate() reads `record.claimant.manager` from such a tree and
 * still compares `record.claimant` with an id. One query per followed field and level, whatever
 * the number of records.
 */
export async function loadReferences(
  db: Db,
  loading: ReferenceLoading,
  entity: string,
  records: WireRecord[],
  ctx: Pick<OperationContext, 'actor' | 'now'>,
  depth = loading.depth,
): Promise<WireRecord[]> {
  const out = records.map(copied);
  const declared = loading.model.entities.find((e) => e.name === entity);
  if (depth <= 0 || out.length === 0 || !declared) return out;
  for (const field of declared.fields) {
    const type = field.type;
    if (type.kind !== 'reference' || !loading.follows.has(`${entity}.${field.name}`)) continue;
    const table = loading.tables.get(type.entity);
    if (!table) continue;
    const ids = out.map((r) => r[field.name]).filter((v): v is string => typeof v === 'string');
    const found = await readRecords(db, table, ids, loading.valuesOf(type.entity)?.(ctx));
    const next = [...found.values()];
    const loaded = await loadReferences(db, loading, type.entity, next, ctx, depth - 1);
    const byId = new Map(loaded.map((r) => [r.id as string, r]));
    for (const record of out) {
      const target = byId.get(record[field.name] as string);
      if (target) record[field.name] = target;
    }
  }
  return out;
}
