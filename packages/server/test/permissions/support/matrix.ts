import type { AppModel, Entity, Field } from '@specrun/model';
import { expect } from 'vitest';
import type { Actor, OperationContext, Policy, WireRecord } from '../../../src/index.js';
import type { Harness, Overrides } from '../../operations/support/harness.js';
import { asSaved } from './as-saved.js';
import { dumpTables } from './dump.js';
import { freshValue } from './field-values.js';
import { Oracle } from './oracle.js';
import { outcomeOf } from './outcome.js';
import { World } from './world.js';

/** How many cells were checked, and how the allowed ones ended. */
export interface Tally {
  cells: number;
  refused: number;
  succeeded: number;
  /** Allowed by section 6, then refused by the checks of sections 3 and 5. */
  ruled: number;
}

export const newTally = (): Tally => ({ cells: 0, refused: 0, succeeded: 0, ruled: 0 });

const sorted = (names: Iterable<string>) => [...names].sort();

// Records checked one by one per entity: the seeded ones (the oldest ids) and a few made since;
// lists are still compared whole.
const RECORDS_PER_ENTITY = 12;

/** One role's walk through every entity and action of an example, against the oracle. */
export class RoleMatrix {
  private world!: World;
  private oracle!: Oracle;
  /** The tables as last seen, while nothing may have changed them since. */
  private seen: Record<string, string[]> | undefined;
  private stale = true;

  constructor(
    private readonly h: Harness,
    private readonly overrides: Overrides,
    private readonly policy: Policy,
    private readonly label: string,
    private readonly actor: Actor | null,
    private readonly maker: Actor,
    private readonly tally: Tally,
  ) {}

  private get model(): AppModel {
    return this.h.model;
  }

  private ctx(): OperationContext {
    return { actor: this.actor, now: new Date(), policy: this.policy };
  }

  /** The records of an entity checked one by one. */
  private sample(entity: Entity): WireRecord[] {
    const byId = (a: WireRecord, b: WireRecord) => String(a.id).localeCompare(String(b.id));
    return [...this.world.records(entity.name)].sort(byId).slice(0, RECORDS_PER_ENTITY);
  }

  /** Reads the stored records again for the oracle, when something may have changed them. */
  private async look(): Promise<void> {
    if (!this.stale) return;
    this.world = await World.load(this.model, this.h.store());
    this.oracle = new Oracle(this.model, this.world, this.actor);
    this.stale = false;
  }

  /** A new value for a field; the example's overrides it may call can make records. */
  private async value(entity: Entity, field: Field, current: unknown): Promise<unknown> {
    const value = await freshValue(
      this.h,
      this.overrides,
      entity.name,
      field,
      current,
      this.world,
      this.maker,
    );
    if (field.rules.some((r) => r.kind === 'pattern')) this.touched();
    return value;
  }

  /** Records were made or changed outside the cells (bodies that need other records). */
  private touched(): void {
    this.stale = true;
    this.seen = undefined;
  }

  async run(): Promise<void> {
    for (const entity of this.model.entities) {
      await this.reads(entity);
      await this.updates(entity);
      await this.creates(entity);
      await this.actions(entity);
    }
    // Deletes last, records that refer to others first, so that more of them can go.
    for (const entity of [...this.model.entities].reverse()) await this.deletes(entity);
  }

  /** Runs one write and compares its outcome with the oracle's; a refusal changes nothing. */
  private async write(
    what: string,
    expected: string,
    work: () => Promise<unknown>,
  ): Promise<'refused' | 'succeeded' | 'ruled'> {
    const before = this.seen ?? (await dumpTables(this.model, this.h.store()));
    this.touched();
    const { code, ruled } = await outcomeOf(work());
    expect(code, `${this.label}: ${what}`).toBe(expected);
    this.tally.cells++;
    if (code !== 'allowed') {
      this.tally.refused++;
      const after = await dumpTables(this.model, this.h.store());
      expect(after, `${this.label}: ${what}`).toEqual(before);
      // Nothing changed: what the oracle and the next cell saw still holds.
      this.seen = after;
      this.stale = false;
      return 'refused';
    }
    this.tally[ruled ? 'ruled' : 'succeeded']++;
    return ruled ? 'ruled' : 'succeeded';
  }

  /**
   * A valid create body: what a record needs (other records it refers to) is made for the
   * caller when signed in, so conditions on what they own can hold; by the maker otherwise, or
   * by a new user when the first choice has reached a limit of section 5.
   */
  private async baseBody(entity: Entity): Promise<WireRecord> {
    this.touched();
    try {
      return await this.h.validBody(entity.name, this.actor ?? this.maker);
    } catch {
      return this.h.validBody(entity.name, await this.h.actor());
    }
  }

  private async reads(entity: Entity): Promise<void> {
    await this.look();
    const ops = this.h.ops(entity.name);
    const name = `${this.label} reads ${entity.name}`;
    if (!this.oracle.mayList(entity.name)) {
      const { code } = await outcomeOf(ops.listRecords(this.ctx()));
      expect(code, `${name}: list`).toBe(this.actor ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      this.tally.cells++;
    } else {
      const listed: WireRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await ops.listRecords(this.ctx(), {
          limit: 10,
          ...(cursor ? { cursor } : {}),
        });
        listed.push(...page.records);
        cursor = page.nextCursor;
      } while (cursor);
      const expected = this.world
        .records(entity.name)
        .filter((r) => this.oracle.readFields(entity.name, r));
      expect(sorted(listed.map((r) => String(r.id))), `${name}: listed`).toEqual(
        sorted(expected.map((r) => String(r.id))),
      );
      for (const shown of listed) this.compareFields(entity, shown, `${name}: listed`);
    }
    for (const record of this.sample(entity)) {
      const fields = this.oracle.readFields(entity.name, record);
      const work = ops.getRecord(this.ctx(), record.id as string);
      if (!fields) {
        const { code } = await outcomeOf(work);
        expect(code, `${name}: get ${String(record.id)}`).toBe(this.oracle.unreadable(entity.name));
      } else this.compareFields(entity, await work, `${name}: get`);
      this.tally.cells += entity.fields.length;
    }
  }

  /** The record shows exactly the fields the oracle gives, with their stored values. */
  private compareFields(entity: Entity, shown: WireRecord, what: string): void {
    const stored = this.world.find(entity.name, shown.id)!;
    const fields = this.oracle.readFields(entity.name, stored)!;
    expect(sorted(Object.keys(shown)), `${what} ${String(shown.id)}`).toEqual(sorted(fields));
    for (const f of entity.fields) {
      if (!fields.has(f.name) || f.rules.some((r) => r.kind === 'computed')) continue;
      expect(shown[f.name], `${what} ${String(shown.id)}.${f.name}`).toEqual(stored[f.name]);
    }
  }

  private async updates(entity: Entity): Promise<void> {
    const ops = this.h.ops(entity.name);
    await this.look();
    for (const record of this.sample(entity)) {
      await this.look();
      const stored = this.world.find(entity.name, record.id);
      if (!stored) continue;
      const expected = this.oracle.update(entity.name, stored, {});
      await this.write(`update ${entity.name} ${String(stored.id)} with {}`, expected, () =>
        ops.updateRecord(this.ctx(), stored.id as string, {}, stored.version as number),
      );
    }
    for (const field of entity.fields) {
      await this.look();
      const candidates: { record: WireRecord; value: unknown; expected: string }[] = [];
      for (const record of this.sample(entity)) {
        const value = await this.value(entity, field, record[field.name]);
        const expected = this.oracle.update(entity.name, record, { [field.name]: value });
        candidates.push({ record, value, expected });
      }
      // One record where the oracle allows it and one where it refuses, when there are such.
      const picks = [
        candidates.find((c) => c.expected === 'allowed'),
        candidates.find((c) => c.expected !== 'allowed' && c.expected !== 'NOT_FOUND') ??
          candidates.find((c) => c.expected === 'NOT_FOUND'),
      ];
      for (const pick of picks) {
        if (!pick) continue;
        await this.look();
        const stored = this.world.find(entity.name, pick.record.id);
        if (!stored) continue;
        const expected = this.oracle.update(entity.name, stored, { [field.name]: pick.value });
        const body = { [field.name]: pick.value };
        await this.write(
          `update ${entity.name}.${field.name} of ${String(stored.id)} to ${JSON.stringify(pick.value)}`,
          expected,
          () => ops.updateRecord(this.ctx(), stored.id as string, body, stored.version as number),
        );
      }
    }
  }

  private async creates(entity: Entity): Promise<void> {
    const ops = this.h.ops(entity.name);
    let base = await this.baseBody(entity);
    for (const field of [undefined, ...entity.fields]) {
      await this.look();
      const body = { ...base };
      if (field) body[field.name] = await this.value(entity, field, undefined);
      await this.look();
      const saved = asSaved(this.model, this.world, entity.name, body, this.actor);
      const expected = this.oracle.create(entity.name, body, saved);
      const done = await this.write(
        `create ${entity.name} with ${JSON.stringify(body)}`,
        expected,
        () => ops.createRecord(this.ctx(), body),
      );
      // A record made takes its unique values: the next cells need new ones.
      if (done === 'succeeded') base = await this.baseBody(entity);
    }
  }

  private async actions(entity: Entity): Promise<void> {
    const lifecycle = this.model.lifecycles.find((l) => l.entity === entity.name);
    if (!lifecycle) return;
    await this.look();
    for (const action of new Set(lifecycle.transitions.map((t) => t.action)))
      for (const record of this.sample(entity)) {
        const db = this.h.store().db;
        const allowed = await this.policy.canTakeAction(
          this.actor,
          entity.name,
          action,
          record,
          db,
        );
        const what = `${this.label}: ${action} ${entity.name} ${String(record.id)}`;
        expect(allowed, what).toBe(this.oracle.action(entity.name, action, record));
        this.tally.cells++;
      }
  }

  private async deletes(entity: Entity): Promise<void> {
    const ops = this.h.ops(entity.name);
    await this.look();
    // The caller's own account goes last: the oracle reads the caller's fields from it.
    const own = (r: WireRecord) => (entity.name === 'User' && r.id === this.actor?.id ? 1 : 0);
    const records = this.sample(entity).sort((a, b) => own(a) - own(b));
    for (const record of records) {
      await this.look();
      const stored = this.world.find(entity.name, record.id);
      if (!stored) continue;
      const expected = this.oracle.delete(entity.name, stored);
      await this.write(`delete ${entity.name} ${String(stored.id)}`, expected, () =>
        ops.deleteRecord(this.ctx(), stored.id as string, stored.version as number),
      );
    }
  }
}
