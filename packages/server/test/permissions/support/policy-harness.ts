import { prepareApp } from '../../../src/index.js';
import type { AppModel } from '@specrun/model';
import { beforeAll } from 'vitest';
import type { Actor, OperationContext, Policy } from '../../../src/index.js';
import type { Databases } from '../../support/dialects.js';
import { useHarness, type Harness, type Overrides } from '../../operations/support/harness.js';
import { dumpTables } from './dump.js';

/** The operations of a model on a fresh database, with the model's real policy. */
export interface PolicyHarness {
  h: Harness;
  policy(): Policy;
  /** The context of a request by `actor` (null: nobody signed in), with the real policy. */
  as(actor: Actor | null): OperationContext;
  /** A snapshot of every table, to show that a refused write changed nothing. */
  dump(): Promise<Record<string, string[]>>;
}

/** Registers the hooks that open, migrate and seed nothing; records are made with allow-all. */
export function usePolicyHarness(
  databases: Databases,
  model: AppModel,
  overrides: Overrides = {},
): PolicyHarness {
  const h = useHarness(databases, model, overrides);
  let policy: Policy | undefined;
  beforeAll(() => {
    policy = prepareApp(model, h.store()).policy;
  });
  return {
    h,
    policy: () => policy!,
    as: (actor) => ({ actor, now: new Date(), policy: policy! }),
    dump: () => dumpTables(model, h.store()),
  };
}
