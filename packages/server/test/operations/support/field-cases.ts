import type { Entity, Field } from '@specrun/model';
import type { Harness } from './harness.js';
import { badValues, dayFromToday } from './sample-values.js';

type Body = Record<string, unknown>;

/** One bad input: the body to send and the field it must be reported on. */
export interface FieldCase {
  name: string;
  field: string;
  /** The answer's code: a unique clash alone is ALREADY_TAKEN (409), else VALIDATION_FAILED. */
  code?: 'ALREADY_TAKEN';
  body(valid: Body, h: Harness): Promise<Body> | Body;
}

const ENGINE = ['id', 'createdAt', 'updatedAt', 'createdBy', 'version'];

/** Whether a caller may ever set the field (section 3: not read-only, computed, state, engine). */
export function settable(entity: Entity, f: Field): boolean {
  if (ENGINE.includes(f.name) || ['state', 'id'].includes(f.type.kind)) return false;
  if (f.builtin && entity.name !== 'User') return false;
  return !f.rules.some((r) => ['readOnly', 'computed', 'numbered'].includes(r.kind));
}

const below = (f: Field, n: number) =>
  f.type.kind === 'money' ? (n - 1).toFixed(2) : f.type.kind === 'integer' ? n - 1 : String(n - 1);
const above = (f: Field, n: number) =>
  f.type.kind === 'money' ? (n + 1).toFixed(2) : f.type.kind === 'integer' ? n + 1 : String(n + 1);

function ruleCases(entity: Entity, f: Field): FieldCase[] {
  const cases: FieldCase[] = [];
  const add = (
    name: string,
    value: (h: Harness, valid: Body) => unknown,
    code?: FieldCase['code'],
  ) =>
    cases.push({
      name: `${f.name}: ${name}`,
      field: f.name,
      body: async (valid, h) => ({ ...valid, [f.name]: await value(h, valid) }),
      ...(code ? { code } : {}),
    });
  for (const rule of f.rules) {
    if (rule.kind === 'length' && rule.min !== undefined && rule.min > 1)
      add('shorter than allowed', () => 'x'.repeat(rule.min! - 1));
    if (rule.kind === 'length' && rule.max !== undefined)
      add('longer than allowed', () => 'x'.repeat(rule.max! + 1));
    if (rule.kind === 'items' && rule.max !== undefined && f.type.kind === 'list') {
      const target = f.type.entity;
      add('too many items', async (h) => {
        const actor = await h.actor();
        const ids = [];
        for (let i = 0; i <= rule.max!; i++) ids.push((await h.make(target, actor)).id);
        return ids;
      });
    }
    if (rule.kind === 'items' && rule.min !== undefined) add('too few items', () => []);
    if (rule.kind === 'min') add('under min', () => below(f, rule.value));
    if (rule.kind === 'max') add('over max', () => above(f, rule.value));
    if (rule.kind === 'pattern') add('not matching its pattern', () => '!! no match !!');
    if (rule.kind === 'afterToday')
      add('not after today', () =>
        f.type.kind === 'date' ? dayFromToday(0) : new Date(Date.now() - 864e5).toISOString(),
      );
    if (rule.kind === 'unique')
      add(
        'already taken',
        async (h, valid) => {
          const actor = await h.actor();
          const first = await h.ops(entity.name).createRecord(h.ctx(actor), valid);
          return first[f.name];
        },
        'ALREADY_TAKEN',
      );
  }
  return cases;
}

/** Every kind of bad value for every field a caller may set, each with the field to blame. */
export function fieldCases(entity: Entity): FieldCase[] {
  const cases: FieldCase[] = [];
  for (const f of entity.fields.filter((x) => settable(entity, x))) {
    for (const value of badValues(f))
      cases.push({
        name: `${f.name}: ${JSON.stringify(value)}`,
        field: f.name,
        body: (valid) => ({ ...valid, [f.name]: value }),
      });
    if (f.required && !f.default)
      cases.push({
        name: `${f.name}: missing`,
        field: f.name,
        body: ({ [f.name]: _omitted, ...rest }) => rest,
      });
    cases.push(...ruleCases(entity, f));
  }
  return cases;
}
