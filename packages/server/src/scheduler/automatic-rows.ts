import { automaticScope, compileToSql, type SqlParams } from '@specrun/expr';
import { isAutomatic } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import type { PreparedApp } from '../app/prepared-app.js';
import type { LifecycleSetup } from '../lifecycle/lifecycle-setup.js';
import type { PreparedRow } from '../lifecycle/prepared-lifecycle.js';

/** One automatic transition, ready for the scheduler: its row and the SQL that finds it due. */
export interface AutomaticRow {
  setup: LifecycleSetup;
  row: PreparedRow;
  /** Its When over the entity's table, with `now` bound: true on the rows due now. */
  due: (params: SqlParams) => RawBuilder<SqlBool>;
}

// The scheduler takes no action through a role plan: it names its row itself.
const NO_PLAN = () => ({ byAction: new Map(), byState: new Map() });

/**
 * Every automatic transition of the application, in the order of the lifecycle tables. Its When
 * is compiled once to a condition on the entity's table, so that due records are found in the
 * database, never by loading every record. Throws (a start-up error) on a When that cannot run
 * there; `specrun check` reports it first.
 */
export function automaticRows(app: PreparedApp): AutomaticRow[] {
  const out: AutomaticRow[] = [];
  for (const prepared of app.entities.values()) {
    const lifecycle = prepared.lifecycle;
    if (!lifecycle) continue;
    const setup: LifecycleSetup = { app, prepared, lifecycle, planFor: NO_PLAN };
    for (const row of lifecycle.rows.filter((r) => isAutomatic(r.transition))) {
      const source = row.transition.when?.source ?? 'true';
      const scope = automaticScope(prepared.entity.name);
      const record = { row: prepared.table.table };
      const compiled = compileToSql(source, app.model, scope, app.mapping, { record });
      if (!compiled.ok) {
        const where = `${prepared.entity.name}.${row.action}`;
        throw new Error(`the When of the automatic ${where} cannot run in the database.`);
      }
      out.push({ setup, row, due: compiled.sql });
    }
  }
  return out;
}
