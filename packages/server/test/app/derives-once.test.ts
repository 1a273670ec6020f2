import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ModelModule from '@specrun/model';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import type * as DeriveTablesModule from '../../src/store/derive-tables.js';
import type * as EntityTablesModule from '../../src/store/entity-tables.js';
import type * as SqlMappingModule from '../../src/expressions/sql-mapping.js';
import type * as CompilePolicyModule from '../../src/permissions/compile-policy.js';
import type * as CompileRulesModule from '../../src/rules/compile-rules.js';
import type * as PreparedEntityModule from '../../src/operations/prepared-entity.js';
import type * as PreparedLifecycleModule from '../../src/lifecycle/prepared-lifecycle.js';
import type * as CountedEntitiesModule from '../../src/rules/counted-entities.js';

// Counts, through the whole start of a server, how often each thing of the model is worked out:
// each module below is the real one, with its function wrapped to count its calls.
const { counts, counted } = vi.hoisted(() => {
  const counts = new Map<string, number>();
  const counted =
    <A extends unknown[], R>(name: string, real: (...args: A) => R) =>
    (...args: A): R => {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return real(...args);
    };
  return { counts, counted };
});

vi.mock('../../src/store/derive-tables.js', async (original) => {
  const real = await original<typeof DeriveTablesModule>();
  return { ...real, deriveTables: counted('deriveTables', real.deriveTables) };
});
vi.mock('../../src/store/entity-tables.js', async (original) => {
  const real = await original<typeof EntityTablesModule>();
  return { ...real, resolveTables: counted('resolveTables', real.resolveTables) };
});
vi.mock('../../src/expressions/sql-mapping.js', async (original) => {
  const real = await original<typeof SqlMappingModule>();
  return { ...real, sqlMapping: counted('sqlMapping', real.sqlMapping) };
});
vi.mock('@specrun/model', async (original) => {
  const real = await original<typeof ModelModule>();
  class Catalogue extends real.Catalogue {
    constructor(...args: ConstructorParameters<typeof real.Catalogue>) {
      super(...args);
      counts.set('Catalogue', (counts.get('Catalogue') ?? 0) + 1);
    }
  }
  return {
    ...real,
    Catalogue,
    apiCalls: counted('apiCalls', real.apiCalls),
    engineLimits: counted('engineLimits', real.engineLimits),
  };
});
vi.mock('../../src/permissions/compile-policy.js', async (original) => {
  const real = await original<typeof CompilePolicyModule>();
  return { ...real, compilePolicy: counted('compilePolicy', real.compilePolicy) };
});
vi.mock('../../src/rules/compile-rules.js', async (original) => {
  const real = await original<typeof CompileRulesModule>();
  return { ...real, compileRules: counted('compileRules', real.compileRules) };
});
vi.mock('../../src/operations/prepared-entity.js', async (original) => {
  const real = await original<typeof PreparedEntityModule>();
  return { ...real, prepareEntity: counted('prepareEntity', real.prepareEntity) };
});
vi.mock('../../src/lifecycle/prepared-lifecycle.js', async (original) => {
  const real = await original<typeof PreparedLifecycleModule>();
  return { ...real, prepareLifecycle: counted('prepareLifecycle', real.prepareLifecycle) };
});
vi.mock('../../src/rules/counted-entities.js', async (original) => {
  const real = await original<typeof CountedEntitiesModule>();
  return { ...real, countedEntities: counted('countedEntities', real.countedEntities) };
});

const { createServer, migrate, openStore } = await import('../../src/index.js');

describe('starting a server', () => {
  const model = EXAMPLE_MODELS.helpdesk!;
  const dir = mkdtempSync(join(tmpdir(), 'specrun-derives-'));
  let close = async () => {};
  beforeAll(async () => {
    const store = openStore({ dataDir: dir });
    await migrate(store, model);
    counts.clear();
    const app = await createServer({ model, store });
    await app.ready();
    close = async () => {
      await app.close();
      await store.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('works out each thing of the model once', () => {
    const once = [
      'deriveTables',
      'resolveTables',
      'sqlMapping',
      'Catalogue',
      'apiCalls',
      'engineLimits',
      'compilePolicy',
      'countedEntities',
    ];
    expect(Object.fromEntries(once.map((name) => [name, counts.get(name) ?? 0]))).toEqual(
      Object.fromEntries(once.map((name) => [name, 1])),
    );
  });

  it('prepares each entity, its rules and its lifecycle once', () => {
    const entities = model.entities.length;
    expect(counts.get('prepareEntity')).toBe(entities);
    expect(counts.get('compileRules')).toBe(entities);
    expect(counts.get('prepareLifecycle')).toBe(model.lifecycles.length);
  });
});
