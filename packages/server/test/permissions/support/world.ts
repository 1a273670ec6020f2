import type { AppModel } from '@specrun/model';
import {
  type Actor,
  deriveTables,
  listRecords,
  resolveTables,
  type Store,
  type WireRecord,
} from '../../../src/index.js';

/** Every stored record, read through the store (not the policy), for the oracle to look at. */
export class World {
  private constructor(
    private readonly model: AppModel,
    private readonly byEntity: Map<string, WireRecord[]>,
  ) {}

  static async load(model: AppModel, store: Store): Promise<World> {
    const tables = resolveTables(store.db, store.dialect, deriveTables(model));
    const byEntity = new Map<string, WireRecord[]>();
    for (const entity of model.entities) {
      const page = await listRecords(store.db, tables.get(entity.name)!, { limit: 1000 });
      if (page.nextCursor) throw new Error(`too many ${entity.name} records for the oracle`);
      byEntity.set(entity.name, page.records);
    }
    return new World(model, byEntity);
  }

  records(entity: string): WireRecord[] {
    return this.byEntity.get(entity) ?? [];
  }

  find(entity: string, id: unknown): WireRecord | undefined {
    return this.records(entity).find((r) => r.id === id);
  }

  /** `user` as expressions see the actor: their account with its references followed. */
  user(actor: Actor | null): WireRecord | null {
    if (!actor) return null;
    const account = this.find('User', actor.id);
    return account
      ? this.expand('User', account)
      : { ...actor.fields, ...actor, fields: undefined };
  }

  /** The record with each reference replaced by the record it refers to, a few levels deep. */
  expand(entity: string, record: WireRecord, depth = 0): WireRecord {
    if (depth > 4) return record;
    const out: WireRecord = { ...record };
    const fields = this.model.entities.find((e) => e.name === entity)!.fields;
    for (const field of fields) {
      const t = field.type;
      if (t.kind !== 'reference' || typeof record[field.name] !== 'string') continue;
      const target = this.find(t.entity, record[field.name]);
      if (target) out[field.name] = this.expand(t.entity, target, depth + 1);
    }
    return out;
  }
}
