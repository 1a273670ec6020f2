import { evaluate } from '@specrun/expr';
import type { AppModel, Entity, Permission } from '@specrun/model';
import type { Actor } from '../../../src/index.js';
import type { World } from './world.js';

type Record_ = Record<string, unknown>;

/**
 * Section 6 decided again, the plain way, for the tests to compare the policy with: rows are
 * matched by looping over the table, conditions are evaluated in JavaScript by `evaluate` on
 * records whose references are replaced by the records they point to. Nothing here comes from
 * src/policy.
 */
export class Oracle {
  constructor(
    private readonly model: AppModel,
    private readonly world: World,
    private readonly actor: Actor | null,
  ) {}

  entity(name: string): Entity {
    return this.model.entities.find((e) => e.name === name)!;
  }

  /** `anyone`, and when signed in `signed-in` and the user's roles. */
  roles(): string[] {
    return this.actor ? ['anyone', 'signed-in', ...this.actor.roles] : ['anyone'];
  }

  /** The rows of each role for the entity and action, unless that role has a `no` row for them. */
  rows(entity: string, action: string): Permission[] {
    const rows: Permission[] = [];
    for (const role of this.roles()) {
      const own = this.model.permissions.filter(
        (p) =>
          p.role === role &&
          (p.entity === entity || p.entity === '*') &&
          (p.actions.includes(action) || p.actions.includes('*')),
      );
      if (own.some((p) => p.allowed.kind === 'no')) continue;
      rows.push(...own);
    }
    return rows;
  }

  /** Whether a row allows on this record: `yes`, or its condition evaluates to true. */
  holds(row: Permission, entity: string, record: Record_): boolean {
    if (row.allowed.kind === 'yes') return true;
    if (row.allowed.kind === 'no') return false;
    const bindings = {
      record: this.world.expand(entity, record),
      user: this.world.user(this.actor),
      now: new Date(),
      count: (name: string, test: (r: unknown) => boolean) =>
        this.world.records(name).filter((r) => test(this.world.expand(name, r))).length,
    };
    try {
      return evaluate(row.allowed.condition.source, this.model, bindings, { entity }) === true;
    } catch {
      return false; // what cannot be evaluated is false
    }
  }

  /** The rows allowing the action on the record. */
  allowing(entity: string, action: string, record: Record_): Permission[] {
    return this.rows(entity, action).filter((row) => this.holds(row, entity, record));
  }

  /** The fields a row names, among all the entity's fields. */
  fieldsOf(row: Permission, entity: string): Set<string> {
    const all = this.entity(entity).fields.map((f) => f.name);
    const s = row.fields;
    if (s.kind === 'all') return new Set(all);
    if (s.kind === 'allExcept') return new Set(all.filter((f) => !s.fields.includes(f)));
    if (s.kind === 'only') return new Set(s.fields);
    return new Set();
  }

  /** Built-in, read-only, computed and state fields are never settable (User's own are). */
  settable(entity: string): Set<string> {
    const ownUserFields = ['email', 'name', 'roles'];
    return new Set(
      this.entity(entity)
        .fields.filter(
          (f) =>
            !(f.builtin && !(entity === 'User' && ownUserFields.includes(f.name))) &&
            f.type.kind !== 'state' &&
            !f.rules.some((r) => ['readOnly', 'computed', 'numbered'].includes(r.kind)),
        )
        .map((f) => f.name),
    );
  }

  /** The fields the caller sees of a record, or undefined when they may not read it at all. */
  readFields(entity: string, record: Record_): Set<string> | undefined {
    const rows = this.allowing(entity, 'read', record);
    const fields = new Set<string>();
    for (const row of rows) for (const f of this.fieldsOf(row, entity)) fields.add(f);
    const own = entity === 'User' && this.actor !== null && record.id === this.actor.id;
    if (own) for (const f of ['id', 'email', 'name', 'roles']) fields.add(f);
    if (rows.length === 0 && !own) return undefined;
    // The version travels with every readable record: it is the ETag for If-Match.
    fields.add('id');
    fields.add('version');
    return fields;
  }

  /**
   * The answer for a record the caller may not read: NOT_FOUND, or UNAUTHENTICATED when nobody
   * is signed in and nothing of the entity is readable signed out (signing in is the way on).
   */
  unreadable(entity: string): string {
    return this.actor === null && !this.mayList(entity) ? 'UNAUTHENTICATED' : 'NOT_FOUND';
  }

  /** Whether any row at all may let the caller read the entity (else a list is refused). */
  mayList(entity: string): boolean {
    return this.rows(entity, 'read').length > 0 || (entity === 'User' && this.actor !== null);
  }

  /** The fields some create or update row gives, among the settable ones: others answer 400. */
  everWritable(entity: string, action: 'create' | 'update'): Set<string> {
    const settable = this.settable(entity);
    const fields = new Set<string>();
    for (const row of this.rows(entity, action))
      for (const f of this.fieldsOf(row, entity)) if (settable.has(f)) fields.add(f);
    return fields;
  }

  private refusal(): string {
    return this.actor ? 'FORBIDDEN' : 'UNAUTHENTICATED';
  }

  /** What a create of `body` answers, section 6 only: a refusal code, or 'allowed'. */
  create(entity: string, body: Record_, asSaved: Record_): string {
    const writable = this.everWritable(entity, 'create');
    // No row lets the caller create any field: refused outright, before any field is named.
    if (writable.size === 0) return this.refusal();
    if (Object.keys(body).some((f) => !writable.has(f))) return 'BAD_REQUEST';
    const rows = this.allowing(entity, 'create', asSaved);
    if (rows.length === 0) return this.refusal();
    const fields = new Set(rows.flatMap((row) => [...this.fieldsOf(row, entity)]));
    return Object.keys(body).every((f) => fields.has(f)) ? 'allowed' : this.refusal();
  }

  /** What an update of `changes` on the stored record answers, section 6 only. */
  update(entity: string, stored: Record_, changes: Record_): string {
    if (!this.readFields(entity, stored)) return this.unreadable(entity);
    const writable = this.everWritable(entity, 'update');
    if (writable.size === 0) return this.refusal();
    if (Object.keys(changes).some((f) => !writable.has(f))) return 'BAD_REQUEST';
    const next = { ...stored, ...changes };
    const rows = this.rows(entity, 'update').filter(
      (row) => this.holds(row, entity, stored) && this.holds(row, entity, next),
    );
    if (rows.length === 0) return this.refusal();
    const fields = new Set(rows.flatMap((row) => [...this.fieldsOf(row, entity)]));
    return Object.keys(changes).every((f) => fields.has(f)) ? 'allowed' : this.refusal();
  }

  /** What a delete of the stored record answers, section 6 only. */
  delete(entity: string, stored: Record_): string {
    if (!this.readFields(entity, stored)) return this.unreadable(entity);
    return this.allowing(entity, 'delete', stored).length > 0 ? 'allowed' : this.refusal();
  }

  /** Whether a lifecycle action is allowed on the stored record, section 6 only. */
  action(entity: string, action: string, stored: Record_): boolean {
    return this.allowing(entity, action, stored).length > 0;
  }
}
