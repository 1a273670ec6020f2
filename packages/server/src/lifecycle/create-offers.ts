import { analyseExpression, compileToJs, compileToSql, type SqlParams } from '@specrun/expr';
import { isAddressProblem, pathAddress } from '@specrun/model';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PreparedApp } from '../app/prepared-app.js';
import { userRecord } from '../callers/user-record.js';
import { knownPart } from '../expressions/known-part.js';
import { ruleScope } from '../expressions/scopes.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import { known, neverHolds, type Answer, type ConditionBatch } from '../store/condition-batch.js';
import type { WireRecord } from '../store/record-codec.js';
import type { LifecycleContext } from './lifecycle-context.js';

/**
 * A create a record's page may offer: a record of `child` whose reference `field` is the record
 * (a booking of this workshop), answered among its `actions` as `create:Booking.event`.
 */
export interface CreateOffer {
  name: string;
  child: PreparedEntity;
  field: string;
  /** The child's fields whose values are known before the caller fills its form in. */
  known: ReadonlySet<string>;
  /** The defaults among them: nobody sets these fields, so the default is what is stored. */
  defaults: readonly string[];
  /** What the caller sends that section 6 must let them set: the reference, unless a path gives it. */
  sent: readonly string[];
  /** Section 5's create rules, the parts that read only known fields: in JavaScript, or SQL. */
  rules?: {
    local?: (params: SqlParams) => boolean;
    sql?: (params: SqlParams) => RawBuilder<SqlBool>;
  };
  /** The reference is unique on its own: no second record of the child may refer to the record. */
  unique: boolean;
  /**
   * `unique with` combinations of references that hold the reference and are all known before the
   * form is filled in (a review's reviewer, `user.id`, unique with its talk): the offer stands only
   * while no record of the child holds the same values.
   */
  uniqueWith: readonly string[][];
}

const ENGINE = ['id', 'createdAt', 'updatedAt', 'createdBy', 'version'];

/** The child's fields known before its form is filled in, and the defaults among them. */
function knownFields(app: PreparedApp, child: PreparedEntity, field: string) {
  const defaults: string[] = [];
  for (const p of child.fields.values()) {
    const given = p.field.default;
    if (!given || p.settable || p.field.name === field) continue;
    // A default that counts is worked out in the create's transaction: not known before.
    const counts =
      given.kind === 'expression' &&
      analyseExpression(given.expression.source, app.model, { entity: child.entity.name }).counts
        .length > 0;
    if (!counts) defaults.push(p.field.name);
  }
  // A state that depends on data is chosen once the create has taken its turn.
  const state = child.state && child.state.choices.length === 0 ? [child.state.field] : [];
  return { defaults, known: new Set([field, ...ENGINE, ...defaults, ...state]) };
}

/**
 * The child's `unique with` combinations that the offer's record fills in alone: each holds the
 * reference and only references known before the form is filled in. Other kinds of field are
 * left to the create, which compares them as the database stores them.
 */
function knownCombinations(
  child: PreparedEntity,
  field: string,
  known: ReadonlySet<string>,
): string[][] {
  const out: string[][] = [];
  for (const p of child.fields.values())
    for (const rule of p.field.rules) {
      if (rule.kind !== 'unique' || !rule.with?.length) continue;
      const combination = [p.field.name, ...rule.with];
      const references = combination.every(
        (name) => child.fields.get(name)?.field.type.kind === 'reference',
      );
      if (references && combination.includes(field) && combination.every((f) => known.has(f)))
        out.push(combination);
    }
  return out;
}

/** The parts of the child's create rules that read only known fields, compiled once. */
function knownRules(app: PreparedApp, child: PreparedEntity, fields: ReadonlySet<string>) {
  const entity = child.entity.name;
  const scope = ruleScope(entity, ['create']);
  const inSql = (text: string) =>
    compileToSql(text, app.model, scope, app.mapping, { record: 'params' });
  const parts: string[] = [];
  for (const rule of child.rules) {
    if (!rule.on.includes('create')) continue;
    const part = knownPart(rule.source, app.model, ruleScope(entity, rule.on), fields);
    // A part that reads `old` (a rule also run on update), or that runs only in JavaScript and
    // follows references, is not judged here: the create itself will.
    if (part.kind === 'part' && inSql(part.source).ok) parts.push(part.source);
  }
  if (parts.length === 0) return undefined;
  const source = parts.map((p) => `(${p}\n)`).join(' && ');
  const local = compileToJs(source, app.model, scope);
  if (local.ok) return { local: local.holds };
  const compiled = inSql(source);
  return compiled.ok ? { sql: compiled.sql } : undefined;
}

/**
 * The creates a record of `parent` may offer: one per reference to it from another entity (or
 * itself) that the API can create, worked out once at start.
 */
export function prepareCreateOffers(app: PreparedApp, parent: PreparedEntity): CreateOffer[] {
  const out: CreateOffer[] = [];
  for (const child of app.entities.values()) {
    const name = child.entity.name;
    const call = app.calls.find(
      (c) => c.operation.kind === 'create' && c.operation.entity === name,
    );
    if (!call) continue;
    const address = pathAddress(app.model, call);
    const nearest = isAddressProblem(address) ? undefined : address.parents.at(-1)?.via;
    for (const field of child.entity.fields) {
      const type = field.type;
      if (field.builtin || type.kind !== 'reference' || type.entity !== parent.entity.name)
        continue;
      const { known: fields, defaults } = knownFields(app, child, field.name);
      const offer: CreateOffer = {
        name: `create:${name}.${field.name}`,
        child,
        field: field.name,
        known: fields,
        defaults,
        // Nested under the record's path (`POST /articles/:slug/comments`), the path gives it.
        sent: nearest === field.name ? [] : [field.name],
        unique: field.rules.some((r) => r.kind === 'unique' && !r.with?.length),
        uniqueWith: knownCombinations(child, field.name, fields),
      };
      const rules = knownRules(app, child, fields);
      if (rules) offer.rules = rules;
      out.push(offer);
    }
  }
  return out;
}

/** The record an offer would create, as far as it is known: reference, defaults, the engine's. */
function wouldBe(offer: CreateOffer, ctx: LifecycleContext, parent: string): WireRecord {
  const { actor, now } = ctx;
  const at = now.toISOString();
  const user = userRecord(actor);
  const record: WireRecord = { id: null, createdAt: at, updatedAt: at, version: 1 };
  record.createdBy = actor?.id ?? null;
  for (const name of offer.defaults) {
    const p = offer.child.fields.get(name)!;
    const given = p.field.default!;
    try {
      record[name] =
        given.kind === 'literal' ? given.value : p.defaultValue!({ user, now, input: {} });
    } catch {
      record[name] = null;
    }
  }
  const state = offer.child.state;
  if (state && offer.known.has(state.field)) record[state.field] = state.initial;
  record[offer.field] = parent;
  return record;
}

const all =
  (answers: readonly Answer[]): Answer =>
  () =>
    answers.every((a) => a());

/**
 * Whether each create offered by `parent` (a stored record the caller may read) would be
 * accepted now, as far as it can be told before the form is filled in: section 6 (askCreate), the
 * create rules' parts that read only known fields (counts included), and a reference that is
 * unique on its own not yet taken. Decided at once where it can be, else asked in `batch`.
 * Offers known to fail are left out.
 */
export function askCreateOffers(
  offers: readonly CreateOffer[],
  ctx: LifecycleContext,
  parent: WireRecord,
  batch: ConditionBatch,
): { name: string; holds: Answer }[] {
  const { actor, policy, now } = ctx;
  const out: { name: string; holds: Answer }[] = [];
  for (const offer of offers) {
    const entity = offer.child.entity.name;
    const record = wouldBe(offer, ctx, parent.id as string);
    const leave = policy.askCreate
      ? policy.askCreate(actor, entity, record, offer.known, offer.sent, batch)
      : known(
          offer.sent.every((f) => policy.writableFields(actor, entity, 'create').has(f)) &&
            policy.writableFields(actor, entity, 'create').size > 0,
        );
    if (neverHolds(leave)) continue;
    const answers = [leave];
    const params = { record, old: null, user: userRecord(actor), now };
    if (offer.rules?.local) answers.push(known(offer.rules.local(params)));
    else if (offer.rules?.sql) answers.push(batch.ask([offer.rules.sql(params)]));
    if (answers.some(neverHolds)) continue;
    const table = sql.table(offer.child.table.table);
    if (offer.unique) {
      const taken = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${sql.ref(offer.field)} = ${parent.id})`;
      answers.push(batch.ask([taken]));
    }
    for (const combination of offer.uniqueWith) {
      // Empty values never clash: a combination with one is free.
      if (combination.some((f) => typeof record[f] !== 'string')) continue;
      const same = combination.map((f) => sql<SqlBool>`${sql.ref(f)} = ${record[f]}`);
      const taken = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${sql.join(same, sql` AND `)})`;
      answers.push(batch.ask([taken]));
    }
    out.push({ name: offer.name, holds: all(answers) });
  }
  return out;
}
