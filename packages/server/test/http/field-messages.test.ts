import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

/**
 * A parcel with a rule of every kind on its fields, and a catalogue that rewords VALIDATION_FAILED
 * with `{field}`: each refused field is told what is wrong after its label, the reworded message
 * stays the answer's detail, and a rule of section 5 keeps its own code and message.
 */
const SPEC = specText('Parcels', {
  1: `
Parcels sent and held.
`,
  3: `
### Parcel

| Field      | Type                     | Required | Default | Rules                                  |
| ---------- | ------------------------ | -------- | ------- | -------------------------------------- |
| name       | text                     | yes      |         | 3..80 chars                            |
| priority   | one of low, normal, high | no       |         |                                        |
| weightKg   | decimal                  | no       |         | min 0                                  |
| share      | decimal                  | no       |         | max 1                                  |
| code       | text                     | no       |         | unique, \`\`pattern \`^[A-Z]{3}-[0-9]{4}$\` \`\` |
| price      | money                    | no       |         |                                        |
| shipOn     | date                     | no       |         | after today                            |
| count      | integer                  | no       |         |                                        |
| holdReason | text                     | no       |         | read-only, at most 20 chars            |
| status     | state                    | yes      |         |                                        |
`,
  4: `
### Parcel

- States: ready, held
- Initial: ready

| From  | Action | To   | Who       | When                     | Sets                       | Error |
| ----- | ------ | ---- | --------- | ------------------------ | -------------------------- | ----- |
| ready | hold    | held  | signed-in | \`size(input.reason) >= 1\` | holdReason = \`input.reason\` |             |
| held  | release | ready | signed-in | \`size(input.note) >= MIN_NOTE\` |                          | NOTE_NEEDED |
| ready | label   | ready | signed-in | \`record.count != null && input.label.startsWith("P")\` |   |             |
| ready | weigh   | ready | signed-in | \`input.grams >= 1 && input.grams <= 5000\` |                |             |
`,
  5: `
| Entity | Rule                                       | Error      | On     |
| ------ | ------------------------------------------ | ---------- | ------ |
| Parcel | \`record.count == null \\|\\| record.count < 100\` | TOO_MANY   | create |
| Parcel | \`record.weightKg == null \\|\\| record.weightKg <= 1000\` | TOO_HEAVY | create |
`,
  8: `
| Code              | Status | Message                        |
| ----------------- | ------ | ------------------------------ |
| VALIDATION_FAILED | 422    | Please check {field}.          |
| TOO_MANY          | 422    | No more than 99 in one parcel. |
| TOO_HEAVY         | 422    | The {field} may be at most 1000. |
| NOTE_NEEDED       | 422    | Give the {field} at least {MIN_NOTE} characters. |
`,
  9: `
| Name     | Value | Meaning                        |
| -------- | ----- | ------------------------------ |
| MIN_NOTE | 5     | Characters a release note needs |
`,
});

type Body = Record<string, unknown>;
interface Problem {
  code: string;
  detail: string;
  errors: { field?: string; code: string; message: string }[];
}

describe('a specification with a rule of every kind on its fields', () => {
  it('checks clean', () => {
    expect(parsed(SPEC)).toBeDefined();
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'every refused field says what to fix', (databases) => {
    const h = useHttpHarness(databases, parsed(SPEC), {});
    let ana: Actor;
    const create = async (body: Body) => {
      ana ??= await h.actor();
      return h.send({ method: 'POST', url: h.call('create', 'Parcel')!.path, body, actor: ana });
    };
    const refusal = async (body: Body, status = 422): Promise<Problem> => {
      const answer = await create(body);
      expect(answer.statusCode, answer.body).toBe(status);
      return answer.json<Problem>();
    };
    const messageOf = async (body: Body) =>
      (await refusal({ name: 'Parcel', ...body })).errors.map((e) => [e.field, e.message]);

    it('tells each field what is wrong after its label, the override as the detail', async () => {
      const problem = await refusal({ name: '', weightKg: -1, share: 1.5, shipOn: '2000-01-01' });
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.detail).toBe('Please check name, weight kg, share and ship on.');
      expect(problem.errors).toEqual([
        { field: 'name', code: 'REQUIRED', message: 'Name is required.' },
        { field: 'weightKg', code: 'VALIDATION_FAILED', message: 'Weight kg must be at least 0.' },
        { field: 'share', code: 'VALIDATION_FAILED', message: 'Share must be at most 1.' },
        {
          field: 'shipOn',
          code: 'VALIDATION_FAILED',
          message: 'Ship on must be a date after today.',
        },
      ]);
    });

    it('words lengths, choices, amounts and patterns, never showing the pattern', async () => {
      expect(await messageOf({ name: 'ab' })).toEqual([
        ['name', 'Name must be 3 to 80 characters.'],
      ]);
      expect(await messageOf({ priority: 'urgent' })).toEqual([
        ['priority', 'Priority must be one of low, normal or high.'],
      ]);
      expect(await messageOf({ price: '1.005' })).toEqual([
        ['price', 'Price must be an amount with at most 2 decimals.'],
      ]);
      expect(await messageOf({ code: 'abc' })).toEqual([
        ['code', 'Code is not in the expected form.'],
      ]);
      expect(await messageOf({ count: 'many' })).toEqual([
        ['count', 'Count must be a whole number.'],
      ]);
    });

    it('says a unique value is taken by another record', async () => {
      expect((await create({ name: 'First', code: 'ABC-1234' })).statusCode).toBe(201);
      // Alone, a clash is 409 ALREADY_TAKEN, its detail the item's words.
      const taken = await refusal({ name: 'Parcel', code: 'ABC-1234' }, 409);
      expect(taken).toMatchObject({
        code: 'ALREADY_TAKEN',
        detail: 'Code is already used by another parcel.',
      });
      expect(taken.errors).toEqual([
        {
          field: 'code',
          code: 'ALREADY_TAKEN',
          message: 'Code is already used by another parcel.',
        },
      ]);
    });

    it('keeps a section 5 rule’s own code and message beside the field problems', async () => {
      const alone = await refusal({ name: 'Heavy', count: 100 });
      expect([alone.code, alone.detail]).toEqual(['TOO_MANY', 'No more than 99 in one parcel.']);
      const both = await refusal({ name: 'Heavy', count: 100, share: 2 });
      expect(both.errors).toEqual([
        { field: 'share', code: 'VALIDATION_FAILED', message: 'Share must be at most 1.' },
        { field: 'count', code: 'TOO_MANY', message: 'No more than 99 in one parcel.' },
      ]);
    });

    it('tells a transition’s input what is wrong at the input the caller sent', async () => {
      const made = await create({ name: 'To hold' });
      const url = `${h.path(h.call('get', 'Parcel')!, made.json<Body>().id as string)}/hold`;
      const hold = (reason: unknown) =>
        h.send({ method: 'POST', url, body: { reason }, actor: ana });
      const long = await hold('a reason far longer than twenty characters');
      expect(long.statusCode, long.body).toBe(422);
      expect(long.json<Problem>().errors).toEqual([
        {
          field: 'reason',
          code: 'VALIDATION_FAILED',
          message: 'Reason must be at most 20 characters.',
        },
      ]);
      const held = await hold('Wrong address');
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json<Body>()).toMatchObject({ status: 'held', holdReason: 'Wrong address' });
    });

    const take = async (action: string, body: Body, id?: string) => {
      const parcel = id ?? ((await create({ name: 'Acted on' })).json<Body>().id as string);
      const url = `${h.path(h.call('get', 'Parcel')!, parcel)}/${action}`;
      return { id: parcel, answer: await h.send({ method: 'POST', url, body, actor: ana }) };
    };
    const problemOf = (answer: { statusCode: number; body: string; json: <T>() => T }) => {
      expect(answer.statusCode, answer.body).toBe(422);
      return answer.json<Problem>();
    };

    it('refuses a guard that reads only the input at that input, in words', async () => {
      // `size(input.reason) >= 1`, no Error: left out, the reason is required.
      const blank = problemOf((await take('hold', {})).answer);
      expect(blank.code).toBe('VALIDATION_FAILED');
      expect(blank.detail).toBe('Please check reason.');
      expect(blank.errors).toEqual([
        { field: 'reason', code: 'REQUIRED', message: 'Reason is required.' },
      ]);
      // `input.grams >= 1 && input.grams <= 5000`: the bound it breaks, never the expression.
      const heavy = problemOf((await take('weigh', { grams: 6000 })).answer);
      expect(heavy.errors).toEqual([
        { field: 'grams', code: 'VALIDATION_FAILED', message: 'Grams must be at most 5000.' },
      ]);
      expect((await take('weigh', { grams: 250 })).answer.statusCode).toBe(200);
    });

    it('answers the row’s Error at the input when the input alone failed its guard', async () => {
      const { id } = await take('hold', { reason: 'Damaged' });
      const short = problemOf((await take('release', { note: 'ok' }, id)).answer);
      expect([short.code, short.detail]).toEqual([
        'NOTE_NEEDED',
        'Give the note at least 5 characters.',
      ]);
      expect(short.errors).toEqual([
        { field: 'note', code: 'NOTE_NEEDED', message: 'Give the note at least 5 characters.' },
      ]);
      const released = await take('release', { note: 'Repacked' }, id);
      expect(released.answer.statusCode, released.answer.body).toBe(200);
    });

    it('says an input is not accepted when the guard’s words cannot tell why', async () => {
      const parcel = (await create({ name: 'Counted', count: 3 })).json<Body>().id as string;
      const wrong = problemOf((await take('label', { label: 'Q-1' }, parcel)).answer);
      expect(wrong.errors).toEqual([
        {
          field: 'label',
          code: 'VALIDATION_FAILED',
          message: 'Label is not accepted for this action.',
        },
      ]);
      expect((await take('label', { label: 'P-1' }, parcel)).answer.statusCode).toBe(200);
    });

    it('keeps the action’s refusal when the record, not the input, fails the guard', async () => {
      // `record.count != null` fails too: the input is not what is wrong, or not alone.
      const { answer } = await take('label', { label: 'Q-1' });
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json<Problem>()).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
      expect(answer.json<Problem>().errors ?? []).toEqual([]);
    });

    it('names a section 5 rule’s field in words in its message', async () => {
      const heavy = await refusal({ name: 'Anvil', weightKg: 2000 });
      expect([heavy.code, heavy.detail]).toEqual([
        'TOO_HEAVY',
        'The weight kg may be at most 1000.',
      ]);
      expect(heavy.errors).toEqual([
        { field: 'weightKg', code: 'TOO_HEAVY', message: 'The weight kg may be at most 1000.' },
      ]);
    });
  });
}
