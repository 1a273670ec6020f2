import { evaluate, type ExprScope } from './expr.js';
import type { AppModel } from '@specrun/model';
import { deriveTables } from '../../../src/store/derive-tables.js';
import type { TableSchema } from '../../../src/store/schema-types.js';
import { NOW, type Dataset } from './generate-rows.js';

/** The dataset as evaluate() reads it: records by entity, references loaded a few levels deep. */
export class OracleData {
  private readonly tables: TableSchema[];

  constructor(
    readonly model: AppModel,
    readonly data: Dataset,
  ) {
    this.tables = deriveTables(model).tables;
  }

  private entityTable(entity: string) {
    return this.tables.find((t) => t.role.kind === 'entity' && t.role.entity === entity)!;
  }

  /** One record with its references as nested records (to `depth`), lists and roles as ids. */
  record(entity: string, id: string, depth = 3): Record<string, unknown> | string {
    const table = this.entityTable(entity);
    const row = this.data.rows[table.name]?.find((r) => r.id === id);
    if (!row || depth === 0) return id;
    const out: Record<string, unknown> = { ...row };
    for (const column of table.columns) {
      const target = column.references?.table;
      const targetEntity = this.tables.find((t) => t.name === target && t.role.kind === 'entity');
      if (
        targetEntity &&
        targetEntity.role.kind === 'entity' &&
        typeof row[column.name] === 'string'
      )
        out[column.name] = this.record(
          targetEntity.role.entity,
          row[column.name] as string,
          depth - 1,
        );
    }
    for (const t of this.tables) {
      const role = t.role;
      if ((role.kind === 'list' || role.kind === 'roles') && role.entity === entity) {
        const [owner, item] = t.primaryKey as [string, string];
        const field = role.kind === 'list' ? role.field : 'roles';
        out[field] = (this.data.rows[t.name] ?? [])
          .filter((r) => r[owner] === id)
          .map((r) => r[item]);
      }
    }
    return out;
  }

  /** Every record of an entity. */
  records(entity: string, depth = 3): Record<string, unknown>[] {
    const rows = this.data.rows[this.entityTable(entity).name] ?? [];
    return rows.map((r) => this.record(entity, r.id as string, depth) as Record<string, unknown>);
  }

  /** The signed-in user as the request carries it, or null. */
  user(): Record<string, unknown> | null {
    const id = this.data.userId;
    return id === null ? null : (this.record('User', id) as Record<string, unknown>);
  }

  /** evaluate()'s answer for one record, an error counting as "does not match". */
  matches(source: string, entity: string, record: Record<string, unknown>): boolean {
    const count = (e: string, predicate: (r: unknown) => boolean) =>
      this.records(e).filter(predicate).length;
    const scope: ExprScope = { entity };
    try {
      return (
        evaluate(source, this.model, { record, user: this.user(), now: NOW, count }, scope) === true
      );
    } catch {
      return false;
    }
  }

  /** The ids of the entity's records that evaluate() says match, sorted. */
  matchingIds(source: string, entity: string): string[] {
    return this.records(entity)
      .filter((r) => this.matches(source, entity, r))
      .map((r) => r.id as string)
      .sort();
  }
}
