import { prepareApp } from '../../../src/index.js';
import type { AppModel } from '@specrun/model';
import { beforeAll } from 'vitest';
import {
  deriveTables,
  newId,
  resolveTables,
  type Actor,
  type EntityTable,
  type Policy,
  type Store,
  type WireRecord,
} from '../../../src/index.js';
import {
  prepareLifecycles,
  type EntityLifecycle,
  type LifecycleContext,
} from '../../../src/lifecycle/index.js';
import { allowAllPolicy } from '../../support/allow-all-policy.js';
import type { Databases } from '../../support/dialects.js';
import {
  harnessOn,
  useHarness,
  type Harness,
  type Overrides,
} from '../../operations/support/harness.js';

/** The operations harness with the lifecycles prepared on the same store, and test helpers. */
export interface LifecycleHarness extends Harness {
  lifecycle(entity: string): EntityLifecycle;
  /**
   * A context whose policy allows everything except: reading a record for the `blind` actors,
   * taking an action for the `barred` ones. `policy` replaces the test double altogether.
   */
  lctx(actor: Actor | null, now?: Date, policy?: Policy): LifecycleContext;
  blind: Set<string>;
  barred: Set<string>;
  /**
   * The stored record, every field, as `actor` reads it (nobody by default: a computed value that
   * reads `user`, such as `record.vet == user.id`, is then empty).
   */
  stored(entity: string, id: string, actor?: Actor | null): Promise<WireRecord>;
  /** Changes fields of a record as an allowed caller would (any field a caller may set). */
  patch(entity: string, id: string, changes: WireRecord): Promise<WireRecord>;
  /**
   * Copies a record under a new id, with its lists: the same record, to try an action on (unique
   * fields apart).
   */
  clone(entity: string, id: string): Promise<string>;
  /** Removes a record made by clone, with its history. */
  discard(entity: string, id: string): Promise<void>;
  /** How many history entries a record has. */
  historyCount(entity: string, id: string): Promise<number>;
}

/** Opens a database for one example, migrated, with operations and lifecycles prepared. */
export function useLifecycleHarness(
  databases: Databases,
  model: AppModel,
  overrides: Overrides,
): LifecycleHarness {
  const h = useHarness(databases, model, overrides);
  let parts: LifecycleParts | undefined;
  beforeAll(() => {
    parts = lifecycleParts(h);
  });
  return withLifecycles(h, () => parts!);
}

/**
 * The lifecycle harness on a store already migrated to the model, such as a served application's:
 * the browser's job walker brings records to the states its roles act from as these tests do.
 */
export function lifecycleHarnessOn(
  store: Store,
  model: AppModel,
  overrides: Overrides,
): LifecycleHarness {
  const h = harnessOn(store, model, overrides);
  const parts = lifecycleParts(h);
  return withLifecycles(h, () => parts);
}

interface LifecycleParts {
  lifecycles: Readonly<Record<string, EntityLifecycle>>;
  tables: Map<string, EntityTable>;
}

function lifecycleParts(h: Harness): LifecycleParts {
  return {
    lifecycles: prepareLifecycles(prepareApp(h.model, h.store())),
    tables: resolveTables(h.store().db, h.store().dialect, deriveTables(h.model)),
  };
}

function withLifecycles(h: Harness, parts: () => LifecycleParts): LifecycleHarness {
  const blind = new Set<string>();
  const barred = new Set<string>();
  const base = allowAllPolicy(h.model);
  const double: Policy = {
    ...base,
    canReadRecord: async (actor) => !(actor && blind.has(actor.id)),
    canTakeAction: async (actor) => !(actor && barred.has(actor.id)),
  };
  const table = (entity: string) => parts().tables.get(entity)!;
  const db = () => h.store().db;
  return Object.assign(h, {
    lifecycle: (entity: string) => parts().lifecycles[entity]!,
    lctx: (actor: Actor | null, now = new Date(), policy = double) => ({ actor, now, policy }),
    blind,
    barred,
    async stored(entity: string, id: string, actor: Actor | null = null) {
      return (await h.ops(entity).getRecord(h.ctx(actor), id)) as WireRecord;
    },
    async patch(entity: string, id: string, changes: WireRecord) {
      const ops = h.ops(entity);
      const current = await ops.getRecord(h.ctx(null), id);
      return ops.updateRecord(h.ctx(null), id, changes, current.version as number);
    },
    async clone(entity: string, id: string) {
      const t = table(entity);
      const row = await db()
        .selectFrom(t.table)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const copy = newId();
      // A unique field cannot be copied as it is: a reference points to a copy of its record
      // (kept when the copy is discarded), text gets the copy's id. A numbered value is the
      // record's own: the copy goes without it, as a key would clash.
      const fields = h.model.entities.find((e) => e.name === entity)!.fields;
      // A slug (`slug from title`) is unique by nature.
      const unique = fields.filter(
        (f) =>
          f.rules.some((r) => r.kind === 'unique' || r.kind === 'slugFrom') && row[f.name] != null,
      );
      const apart: Record<string, unknown> = {};
      for (const f of unique)
        apart[f.name] =
          f.type.kind === 'reference'
            ? await this.clone(f.type.entity, row[f.name] as string)
            : `${String(row[f.name])} ${copy}`;
      for (const f of fields) if (f.rules.some((r) => r.kind === 'numbered')) apart[f.name] = null;
      await db()
        .insertInto(t.table)
        .values({ ...row, ...apart, id: copy })
        .execute();
      for (const list of t.lists) {
        const items = await db()
          .selectFrom(list.table)
          .selectAll()
          .where('recordId', '=', id)
          .execute();
        if (items.length > 0)
          await db()
            .insertInto(list.table)
            .values(items.map((item) => ({ ...item, recordId: copy })))
            .execute();
      }
      return copy;
    },
    async discard(entity: string, id: string) {
      const t = table(entity);
      await db().deleteFrom(t.history).where('recordId', '=', id).execute();
      for (const list of t.lists)
        await db().deleteFrom(list.table).where('recordId', '=', id).execute();
      await db().deleteFrom(t.table).where('id', '=', id).execute();
    },
    async historyCount(entity: string, id: string) {
      const row = await db()
        .selectFrom(table(entity).history)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('recordId', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
}
