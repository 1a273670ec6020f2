import { prepareApp } from '../../../src/index.js';
import type { AppModel, Field } from '@specrun/model';
import { afterAll, beforeAll } from 'vitest';
import {
  deriveTables,
  migrate,
  prepareOperations,
  resolveTables,
  type Actor,
  type EntityOperations,
  type OperationContext,
  type Store,
} from '../../../src/index.js';
import { allowAllPolicy } from '../../support/allow-all-policy.js';
import type { Databases } from '../../support/dialects.js';
import { nextNumber, sampleValue } from './sample-values.js';

type Body = Record<string, unknown>;

/** Per example: bodies built with a harness (to make what a record needs), by entity. */
export type Overrides = Record<string, (h: Harness, actor: Actor) => Promise<Body> | Body>;

/** One example's operations on a fresh database, with helpers to make valid records. */
export interface Harness {
  model: AppModel;
  store(): Store;
  ops(entity: string): EntityOperations;
  ctx(actor: Actor | null): OperationContext;
  /** A new user, with the model's first role unless told. */
  actor(roles?: string[]): Promise<Actor>;
  /** A valid create body: every settable field without a default, then the overrides. */
  validBody(entity: string, actor: Actor): Promise<Body>;
  /** Creates a valid record as `actor` and answers it. */
  make(entity: string, actor: Actor, extra?: Body): Promise<Body>;
  /** Moves a record to a state directly in the database, as a transition would. */
  setState(entity: string, id: unknown, state: string): Promise<void>;
  /** How many records of an entity are stored. */
  count(entity: string): Promise<number>;
}

/** Opens a database per example, migrated, with the operations prepared once. */
export function useHarness(databases: Databases, model: AppModel, overrides: Overrides): Harness {
  let parts: HarnessParts | undefined;
  beforeAll(async () => {
    const store = await databases.open();
    const result = await migrate(store, model);
    if (result.status !== 'applied') throw new Error(`migration ${result.status}`);
    parts = harnessParts(store, model);
  }, 60_000);
  afterAll(() => parts?.store.close());
  return buildHarness(model, overrides, () => parts!);
}

/** What a harness works on: a migrated store, its operations and its tables. */
interface HarnessParts {
  store: Store;
  ops: Record<string, EntityOperations>;
  tables: Map<string, { table: string }>;
}

function harnessParts(store: Store, model: AppModel): HarnessParts {
  return {
    store,
    ops: { ...prepareOperations(prepareApp(model, store)) },
    tables: resolveTables(store.db, store.dialect, deriveTables(model)),
  };
}

/**
 * A harness on a store already migrated to the model, such as a served application's: tests
 * outside this package (the browser's job walker) set their records up as these tests do.
 */
export function harnessOn(store: Store, model: AppModel, overrides: Overrides): Harness {
  const parts = harnessParts(store, model);
  return buildHarness(model, overrides, () => parts);
}

function buildHarness(model: AppModel, overrides: Overrides, parts: () => HarnessParts): Harness {
  const policy = allowAllPolicy(model);
  const fieldValue = async (h: Harness, field: Field, actor: Actor) => {
    const t = field.type;
    if (t.kind === 'reference' && t.entity === 'User') return actor.id;
    if (t.kind === 'reference') return (await h.make(t.entity, actor)).id;
    if (t.kind === 'list') return [(await h.make(t.entity, actor)).id];
    if (t.kind === 'roles') return [model.roles[0]?.name ?? 'admin'];
    return sampleValue(field);
  };
  const h: Harness = {
    model,
    store: () => parts().store,
    ops: (entity) => parts().ops[entity]!,
    ctx: (actor) => ({ actor, now: new Date(), policy }),
    async actor(roles = [model.roles[0]?.name ?? 'admin']) {
      const email = `user${nextNumber()}@example.com`;
      const body = { ...(await h.validBody('User', null as never)), roles, email };
      const user = await parts().ops.User!.createRecord(h.ctx(null), body);
      return { id: user.id as string, email, name: user.name as string, roles, fields: {} };
    },
    async validBody(entity, actor) {
      const body: Body = {};
      const e = model.entities.find((x) => x.name === entity)!;
      const fields = e.fields.filter((f) => !f.builtin || (entity === 'User' && f.name !== 'id'));
      // The scenario's own values first: a reference it gives is not made again here (making
      // it would count against the actor's limits, such as projects per owner).
      const own = (await overrides[entity]?.(h, actor)) ?? {};
      for (const f of fields) {
        if (f.name in own) continue;
        const settable = !f.rules.some((r) =>
          ['readOnly', 'computed', 'numbered', 'slugFrom'].includes(r.kind),
        );
        if (!settable || f.default || f.type.kind === 'state') continue;
        if (['createdAt', 'updatedAt', 'createdBy', 'version'].includes(f.name)) continue;
        if (f.type.kind === 'reference' && f.type.entity === 'User' && !actor) continue;
        body[f.name] = await fieldValue(h, f, actor);
      }
      return { ...body, ...own };
    },
    async make(entity, actor, extra = {}) {
      const body = { ...(await h.validBody(entity, actor)), ...extra };
      return parts().ops[entity]!.createRecord(h.ctx(actor), body);
    },
    async setState(entity, id, state) {
      const table = parts().tables.get(entity)!.table;
      const field = model.lifecycles.find((l) => l.entity === entity)!.field;
      await parts()
        .store.db.updateTable(table)
        .set({ [field]: state })
        .where('id', '=', id)
        .execute();
    },
    async count(entity) {
      const table = parts().tables.get(entity)!.table;
      const row = await parts()
        .store.db.selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
  return h;
}
