import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { specText } from '../support/parsed-model.js';
import { useHttpHarness } from './support/http-harness.js';

// A file's kinds and largest size (docs/spec-language.md, "Files"): a file of another kind, or
// larger, is refused as VALIDATION_FAILED naming the field and what it takes; nothing is stored.
const SPEC = specText('Claims', {
  1: 'Claims with a receipt.',
  3: `
### Claim

| Field   | Type | Required | Default | Rules                                  |
| ------- | ---- | -------- | ------- | -------------------------------------- |
| title   | text | yes      |         |                                        |
| receipt | file | no       |         | accepts image or pdf or .csv, at most 1 KB |
`,
});

const parsed = parseSpec(SPEC);
const dataUrl = (type: string, bytes: number) =>
  `data:${type};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('a specification with file rules', () => {
  it('checks clean', () => {
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'file rules over HTTP', (databases) => {
    const h = useHttpHarness(databases, parsed.model!, {});
    let ana: Actor;
    const create = (receipt: unknown) =>
      h.send({
        method: 'POST',
        url: h.call('create', 'Claim')!.path,
        body: { title: 'Lunch', receipt },
        actor: ana,
      });
    const list = async () => {
      const response = await h.send({ url: h.call('list', 'Claim')!.path, actor: ana });
      return response.json<{ items: unknown[] }>().items.length;
    };

    it('takes an image, a PDF and a file named .csv up to the size', async () => {
      ana = await h.actor();
      expect((await create(dataUrl('image/png', 1024))).statusCode).toBe(201);
      expect((await create(dataUrl('application/pdf', 10))).statusCode).toBe(201);
      const csv = await create({
        name: 'costs.CSV',
        data: dataUrl('application/vnd.ms-excel', 10),
      });
      expect(csv.statusCode, csv.body).toBe(201);
    });

    it('refuses another kind and a larger file, saying what the field takes', async () => {
      const before = await list();
      const svg = await create(dataUrl('image/svg+xml', 10));
      expect(svg.statusCode).toBe(422);
      expect(svg.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [
          {
            field: 'receipt',
            code: 'VALIDATION_FAILED',
            message: expect.stringContaining('must be an image, a PDF or a .csv file'),
          },
        ],
      });
      const big = await create(dataUrl('image/png', 1025));
      expect(big.statusCode).toBe(422);
      expect(big.json()).toMatchObject({
        errors: [{ field: 'receipt', message: expect.stringContaining('must be at most 1 KB') }],
      });
      expect(await list()).toBe(before);
    });

    it('describes the rules in the OpenAPI document', async () => {
      const response = await h.send({ url: '/openapi.json' });
      expect(response.body).toContain('Must be an image, a PDF or a .csv file.');
      expect(response.body).toContain('At most 1 KB (1024 bytes).');
    });
  });
}
