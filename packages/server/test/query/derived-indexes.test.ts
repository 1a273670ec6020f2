import {
  wrapPayload,
  apiCalls,
  callerRoles,
  matchingRows,
  screenOrder,
  type AppModel,
  type Entity,
  type Field,
} from '@specrun/model';
import type Database from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_NAMES } from '../../../../tests/support/examples.js';
import { sqlMapping } from '../../src/expressions/sql-mapping.js';
import { openSqlite } from '../../src/store/open-sqlite.js';
import {
  addAccount,
  createServer,
  deriveTables,
  migrate,
  openStore,
  type Dialect,
  type Store,
} from '../../src/index.js';
import { analyseExpression } from '@specrun/expr';
import { countSites, siteCounts } from '../../src/store/derived-indexes/count-needs.js';
import { callArguments } from '../../src/store/derived-indexes/top-level.js';
import { entityFields, storedEntities } from '../../src/store/entity-fields.js';
import { entityTableName } from '../../src/store/naming.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { compileToSql } from './support/expr.js';

// Every list the examples serve and every count their rules, guards, permissions and computed
// fields make, planned by the database itself: each list is read from an index in its order (no
// sort of the rows), each count through an index on the fields its condition pins. The lists'
// SQL is what the server runs, caught as it runs it; the counts' is what the server compiles.
const PASSWORD = 'correct horse battery staple';

type Statement = { sql: string; parameters?: readonly unknown[] };
type Server = Awaited<ReturnType<typeof createServer>>;

/** The plan of a statement, one line per step, on tables as empty as the tests leave them. */
async function planOf(
  store: Store,
  statement: Statement,
  sqlite?: Database.Database,
): Promise<string[]> {
  if (sqlite) {
    // SQLite tells the statements its own connection runs with their parameters written in.
    const rows = sqlite
      .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .all(...(statement.parameters ?? [])) as { detail: string }[];
    return rows.map((r) => r.detail);
  }
  // An empty table is cheapest to read whole and sort: forbid both, so the plan shows whether an
  // index answers the query in order (a sort or a full read still appears when none can).
  return store.db.connection().execute(async (db) => {
    await sql`SET enable_seqscan = off`.execute(db);
    await sql`SET enable_sort = off`.execute(db);
    const explain = CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [
      ...(statement.parameters ?? []),
    ]);
    const { rows } = await db.executeQuery(explain);
    await sql`RESET ALL`.execute(db);
    return rows.map((r) => String(Object.values(r as object)[0]));
  });
}

/**
 * Tables read whole, with no index: SQLite's bare SCAN, PostgreSQL's Seq Scan. On SQLite, a SCAN
 * of a subquery's own result (a CO-ROUTINE or MATERIALIZE step, such as the one row a computed
 * amount's rounding works in) reads no table.
 */
function fullReads(dialect: Dialect, plan: string[]): string[] {
  if (dialect !== 'sqlite') return plan.filter((l) => /Seq Scan/.test(l));
  const derived = new Set(
    plan.flatMap((l) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)$/.exec(l.trim())?.slice(1) ?? []),
  );
  return plan.filter((l) => {
    const scanned = /^SCAN (\S+)$/.exec(l.trim())?.[1];
    return scanned !== undefined && scanned !== 'CONSTANT' && !derived.has(scanned);
  });
}

/** Steps that sort rows the query read: what an index in the list's order makes needless. */
function sorts(dialect: Dialect, plan: string[]): string[] {
  return dialect === 'sqlite'
    ? plan.filter((l) => /USE TEMP B-TREE FOR ORDER BY/.test(l))
    : plan.filter((l) => /^\s*(->\s+)?(Incremental )?Sort\b/.test(l));
}

/** The index lookups of a plan, each with the condition it seeks by. */
function seeks(dialect: Dialect, plan: string[]): string[] {
  if (dialect === 'sqlite')
    return plan.filter((l) => /^SEARCH \S+ USING .*INDEX .*\(/.test(l.trim()));
  return plan.filter((l) => /Index Cond:/.test(l));
}

/**
 * Whether a caller's read condition on an entity is a disjunction: rows that allow with
 * different conditions (every user also reads their own account), or a condition with `||` or
 * `in [...]`. No one index answers such a list in order; the database may rightly find each
 * side's rows by an index and sort those it found (every row it reads, it seeks).
 */
function readsThroughOr(model: AppModel, roles: string[], entity: string): boolean {
  const rows = matchingRows(model.permissions, roles, entity, 'read');
  if (rows.some((r) => r.allowed.kind === 'yes')) return false;
  const sources = new Set(
    rows.flatMap((r) => (r.allowed.kind === 'when' ? [r.allowed.condition.source] : [])),
  );
  if (entity === 'User' && roles.length > 1) sources.add('record.id == user.id');
  return sources.size > 1 || [...sources].some((s) => /\|\||\bin \[/.test(s));
}

/** A value of each field a count's condition may read off the record or the user. */
function sampleRecord(entity: Entity | undefined): Record<string, unknown> {
  const value = (f: Field) => {
    switch (f.type.kind) {
      case 'enum':
        return f.type.values[0];
      case 'reference':
      case 'id':
      case 'text':
      case 'email':
      case 'url':
        return `01900000-0000-7000-8000-00000000000${f.name.length % 10}`;
      case 'boolean':
        return true;
      default:
        return null;
    }
  };
  return Object.fromEntries((entity ? entityFields(entity) : []).map((f) => [f.name, value(f)]));
}

/**
 * The counts each example makes that look at every row whatever the indexes: their condition
 * may be an error on a row (`!p.archived` of a field that may be empty), so the compiled count
 * decides on every row rather than seeking the pinned ones. Listed so that this test notices
 * when the compiler learns to seek them (then the list empties).
 */
const READS_EVERY_ROW: Record<string, string[]> = {
  projects: ['rule TOO_MANY_PROJECTS'],
};

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'derived indexes', (databases) => {
    for (const name of EXAMPLE_NAMES) {
      describe(name, () => {
        const model = EXAMPLE_MODELS[name]!;
        let store: Store | undefined;
        let app: Server | undefined;
        let caught: Statement[] | undefined;
        // A connection of its own to plan on SQLite: a filtered list's time check calls a function
        // only the reader thread's connection has (see bounded-reads.ts); planning never calls it.
        let planner: Database.Database | undefined;
        const explain = (statement: Statement) => planOf(store!, statement, planner);
        /** A session per caller: a visitor (none) and a user of each role. */
        const callers: { roles: string[]; session?: string }[] = [];

        beforeAll(async () => {
          const options = await databases.fresh();
          store = openStore({
            ...options,
            onStatement: (text, parameters) => caught?.push({ sql: text, parameters }),
          });
          const result = await migrate(store, model);
          expect(result.status).toBe('applied');
          if ('dataDir' in options) {
            planner = openSqlite(options.dataDir);
            planner.function('specrun_in_time', () => 1);
          }
          app = await createServer({ model, store, passwordCost: TEST_COST });
          const signIn = apiCalls(model).find((c) => c.operation.kind === 'sign-in')!;
          callers.push({ roles: callerRoles(null) });
          const kinds = model.roles.map((r) => [r.name]);
          for (const [i, roles] of kinds.entries()) {
            const email = `caller${i}@indexes.test`;
            // A User that requires fields of its own (conduit's username) gets them too.
            const fields = Object.fromEntries(
              (model.entities.find((e) => e.name === 'User')?.fields ?? [])
                .filter((f) => !f.builtin && f.required && f.type.kind === 'text' && !f.default)
                .map((f) => [f.name, `${f.name}${i}`]),
            );
            await addAccount(
              model,
              store,
              { email, name: `Caller ${i}`, roles, password: PASSWORD, fields },
              TEST_COST,
            );
            const response = await app.inject({
              method: 'POST',
              url: signIn.path,
              payload: wrapPayload(signIn.payload, { email, password: PASSWORD }) as object,
              remoteAddress: `10.30.0.${i + 1}`,
            });
            expect(response.statusCode, response.body).toBe(200);
            const session = response.cookies.find((c) => c.name === 'specrun_session')!.value;
            callers.push({ roles: callerRoles({ roles }), session });
          }
        }, 60_000);
        afterAll(async () => {
          planner?.close();
          await app?.close();
          await store?.close();
        });

        it('reads every list from an index, in the list’s order', async () => {
          const problems: string[] = [];
          let planned = 0;
          for (const call of apiCalls(model)) {
            if (call.operation.kind !== 'list') continue;
            const entity = call.operation.entity;
            const target = storedEntities(model).find((e) => e.name === entity)!;
            const table = entityTableName(target);
            const filters = model.screens.filter(
              (s) => s.kind === 'list' && s.entity === entity && s.filter,
            );
            for (const caller of callers) {
              const queries = [
                '',
                ...filters
                  .filter((s) => s.who.some((w) => caller.roles.includes(w)))
                  .map((s) => {
                    // The order the web app asks of the screen: soonest first for what is to come.
                    const order = screenOrder(target, s.filter!.source);
                    const sort = order ? `&sort=${order.field}` : '';
                    return `?filter=${encodeURIComponent(s.filter!.source)}${sort}`;
                  }),
              ];
              for (const query of queries) {
                caught = [];
                const response = await app!.inject({
                  method: 'GET',
                  url: `${call.path}${query}`,
                  headers: caller.session ? { cookie: `specrun_session=${caller.session}` } : {},
                });
                const ran = caught;
                caught = undefined;
                // Every caller who sees the screen may read the date it is sorted by.
                if (query.includes('&sort=') && response.statusCode === 400)
                  problems.push(`${call.path}${decodeURIComponent(query)}: ${response.body}`);
                if (response.statusCode !== 200) continue;
                const pages = ran.filter(
                  (s) => /\border by\b/i.test(s.sql) && s.sql.includes(`from "${table}"`),
                );
                expect(pages.length, `${call.path}${query}`).toBeGreaterThan(0);
                // An OR of values (section 6's rows, or a screen's `a || b`, `x in [...]`) seeks
                // each through an index and sorts what it found: no one index holds them in order
                // (docs/decisions.md, "Indexes derived from the specification").
                const or =
                  readsThroughOr(model, caller.roles, entity) ||
                  /\|\||\bin \[/.test(decodeURIComponent(query));
                for (const page of pages) {
                  const plan = await explain(page);
                  planned += 1;
                  const wrong = [...fullReads(dialect, plan), ...(or ? [] : sorts(dialect, plan))];
                  if (wrong.length > 0)
                    problems.push(
                      `${caller.roles.at(-1)} GET ${call.path}${decodeURIComponent(query)}: ${wrong.join('; ')}\n    ${page.sql}\n    ${plan.join('\n    ')}`,
                    );
                }
              }
            }
          }
          expect(problems).toEqual([]);
          expect(planned).toBeGreaterThan(0);
        });

        it('counts through an index on the fields each count pins', async () => {
          const mapping = sqlMapping(deriveTables(model), dialect);
          const user = {
            ...sampleRecord(storedEntities(model).find((e) => e.name === 'User')),
            roles: [],
          };
          const problems: string[] = [];
          const everyRow: string[] = [];
          // Computed fields count in the lists that show them: planned with the lists above.
          const sites = countSites(model).filter((s) => !s.why.startsWith('computed'));
          for (const site of sites) {
            const analysis = analyseExpression(site.source, model, site.scope);
            for (const call of analysis.counts) {
              // The count on its own, as it is compiled inside any expression: the rest of the
              // expression, bound to a sample record, could decide without counting.
              const args = callArguments(site.source, call.offset)!;
              const source = call.aggregate
                ? `${call.aggregate}(${args.join(', ')}) != null`
                : `count(${args.join(', ')}) >= 0`;
              const [count] = siteCounts(model, { ...site, source });
              if (!count) continue;
              const compiled = compileToSql(source, model, site.scope, mapping, {
                record: 'params',
              });
              expect(compiled.ok, `${site.why}: ${source}`).toBe(true);
              if (!compiled.ok) continue;
              const entity = storedEntities(model).find((e) => e.name === site.scope.entity);
              const record = sampleRecord(entity);
              const params = { record, old: record, user, input: {}, now: new Date() };
              const query = store!.db.selectNoFrom(compiled.sql(params).as('holds')).compile();
              // A count whose condition may be an error on some row is compiled to look at every
              // row (see compile-count.ts in packages/expr): no index can serve it.
              if (/FROM "\w+" AS "sr_\d+"\)/.test(query.sql)) {
                everyRow.push(site.why);
                continue;
              }
              const plan = await explain(query);
              const seeksBy = (f: string) => (line: string) =>
                new RegExp(`\\b"?${f}"?\\s*(=|IS)`).test(line);
              // SQLite, without statistics, prefers the index that matches the most pins;
              // PostgreSQL on empty tables may take any index that starts with one of them.
              const enough = (line: string) =>
                dialect === 'sqlite'
                  ? count.equal.every((f) => seeksBy(f)(line))
                  : count.equal.some((f) => seeksBy(f)(line));
              const wrong = fullReads(dialect, plan);
              if (!seeks(dialect, plan).some(enough))
                wrong.push(`no index seeks ${count.entity} by ${count.equal.join(', ')}`);
              if (wrong.length > 0)
                problems.push(`${site.why}: ${wrong.join('; ')}\n    ${plan.join('\n    ')}`);
            }
          }
          expect(problems).toEqual([]);
          expect(everyRow).toEqual(READS_EVERY_ROW[name] ?? []);
        });
      });
    }
  });
}
