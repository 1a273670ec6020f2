import { afterEach, beforeEach } from 'vitest';
import {
  deriveTables,
  migrate,
  resolveTables,
  type EntityTable,
  type Store,
} from '../../src/index.js';
import type { Databases } from '../support/dialects.js';
import { helpdesk } from './fixtures.js';

/** A fresh store per test with the helpdesk migrated, and its entities' tables. */
export function useHelpdeskStore(databases: Databases) {
  let store: Store | undefined;
  let tables = new Map<string, EntityTable>();
  beforeEach(async () => {
    store = await databases.open();
    const model = helpdesk();
    const result = await migrate(store, model);
    if (result.status !== 'applied') throw new Error(`migration ${result.status}`);
    tables = resolveTables(store.db, store.dialect, deriveTables(model));
  });
  afterEach(() => store?.close());
  return {
    store: () => store!,
    db: () => store!.db,
    t: (entity: string) => tables.get(entity)!,
  };
}
