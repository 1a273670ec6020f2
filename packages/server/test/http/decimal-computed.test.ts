import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

/**
 * Decimal fields computed from others are exact (docs/spec-language.md, "Decimal arithmetic"):
 * 0.1 + 0.2 is stored and served as "0.3", and filters and sorts read decimals by their exact
 * value, not as text nor as binary floats.
 */
const SPEC = specText('Parcels', {
  1: `
Weighs parcels.
`,
  3: `
### Parcel

| Field  | Type    | Required | Default | Rules |
| ------ | ------- | -------- | ------- | ----- |
| label  | text    | yes      |         |       |
| a      | decimal | yes      |         |       |
| b      | decimal | yes      |         |       |
| total  | decimal | no       |         | computed \`record.a + record.b\` |
| scaled | decimal | no       |         | computed \`record.a * record.b / 3\` |
`,
});

type Body = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'computed decimal fields', (databases) => {
    const h = useHttpHarness(databases, parsed(SPEC), {});
    let ana: Actor;
    const post = async (body: Body) => {
      const call = h.call('create', 'Parcel')!;
      const response = await h.send({ method: 'POST', url: call.path, body, actor: ana });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Body & { id: string }>();
    };
    const labels = async (query: string) => {
      const call = h.call('list', 'Parcel')!;
      const response = await h.send({ url: `${call.path}?${query}`, actor: ana });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Body[] }>().items.map((p) => p.label);
    };

    it('stores and serves 0.1 + 0.2 as exactly "0.3"', async () => {
      ana = await h.actor();
      const created = await post({ label: 'small', a: '0.1', b: '0.2' });
      expect(created).toMatchObject({ total: '0.3', scaled: '0.00666666666666666667' });
      const call = h.call('get', 'Parcel')!;
      const url = call.path.replace(/\{[^}]+\}|:[A-Za-z]+/, created.id);
      const read = await h.send({ url, actor: ana });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<Body>()).toMatchObject({ total: '0.3' });
    });

    it('filters on the exact value', async () => {
      await post({ label: 'ten', a: '9.99', b: '0.01' });
      await post({ label: 'long', a: '12345678901234567.1', b: '0' });
      await post({ label: 'longer', a: '12345678901234567.2', b: '0' });
      expect(await labels(`filter=${encodeURIComponent('record.total == 0.3')}`)).toEqual([
        'small',
      ]);
      expect(await labels(`filter=${encodeURIComponent('record.a + record.b == 10')}`)).toEqual([
        'ten',
      ]);
      const beyond = 'record.total > 12345678901234567.1';
      expect(await labels(`filter=${encodeURIComponent(beyond)}`)).toEqual(['longer']);
    });

    it('sorts by number, exactly, not as text', async () => {
      expect(await labels('sort=total')).toEqual(['small', 'ten', 'long', 'longer']);
      expect(await labels('sort=-a')).toEqual(['longer', 'long', 'ten', 'small']);
    });
  });
}

describe('the parcels specification', () => {
  it('reads without errors', () => {
    expect(parsed(SPEC).entities.map((e) => e.name)).toContain('Parcel');
  });
});
