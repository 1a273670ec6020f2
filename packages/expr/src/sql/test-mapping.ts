import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type RawBuilder,
} from 'kysely';
import type { SqlDialect } from './mapping.js';

/** The mapping the compiler's unit tests run on: the one laid out from the model. */
export { modelMapping as testMapping } from './model-mapping.js';

/** The SQL text and parameters of a compiled condition, without a database. */
export function sqlText(condition: RawBuilder<unknown>, dialect: SqlDialect) {
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) =>
        dialect === 'sqlite' ? new SqliteIntrospector(k) : new PostgresIntrospector(k),
      createQueryCompiler: () =>
        dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });
  const { sql, parameters } = condition.compile(db);
  return { sql, parameters };
}
