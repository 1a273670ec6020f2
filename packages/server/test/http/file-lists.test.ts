import { parseSpec } from '@specrun/language';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  deriveTables,
  getRecord,
  insertRecord,
  migrate,
  resolveTables,
  updateRecord,
  type Actor,
} from '../../src/index.js';
import type { JsonSchema, OpenApiDocument } from '../../src/openapi/openapi-types.js';
import { schemaMismatches } from '../openapi/support/check-schema.js';
import { answerSchema, operationOf, requestSchema } from '../openapi/support/served-call.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { specText } from '../support/parsed-model.js';
import { problemOf, useHttpHarness } from './support/http-harness.js';
import { restrictedPolicy } from './support/restricted-policy.js';

// `list of files` (docs/spec-language.md, "Files with rules"): several files in one field, each
// stored and served as a `file` is, each checked against the field's rules; the whole list is
// sent, a stored file kept by its address, one left out removed.
const SPEC = specText('Claims', {
  1: 'Claims with photos.',
  3: `
### Claim

| Field  | Type          | Required | Default | Rules                                           |
| ------ | ------------- | -------- | ------- | ----------------------------------------------- |
| title  | text          | yes      |         |                                                 |
| photos | list of files | no       |         | accepts image or pdf, at most 1 KB, at most 3 files |
`,
  5: `
| Entity | Rule                                          | Error     | On             |
| ------ | --------------------------------------------- | --------- | -------------- |
| Claim  | \`record.title != "solo" \\|\\| size(record.photos) <= 1\` | ONE_PHOTO | create, update |
`,
  8: `
| Code      | Status | Message                        |
| --------- | ------ | ------------------------------ |
| ONE_PHOTO | 422    | A solo claim has one photo.    |
`,
});

// A transition's Sets copies a list of files from the action's input: written by compareAndSet.
const SENT = specText('Sent claims', {
  1: 'Claims sent with their photos.',
  3: `
### Claim

| Field  | Type          | Required | Default | Rules                      |
| ------ | ------------- | -------- | ------- | -------------------------- |
| title  | text          | yes      |         |                            |
| photos | list of files | no       |         | accepts image, at most 1 KB |
| status | state         |          |         |                            |
`,
  4: `
### Claim

- States: draft, sent
- Initial: draft

| From  | Action | To   | Who       | When | Sets                     |
| ----- | ------ | ---- | --------- | ---- | ------------------------ |
| draft | send   | sent | signed-in |      | photos = \`input.photos\` |
`,
});

const parsed = parseSpec(SPEC);
const model = parsed.model!;
const bytesOf = (n: number, fill = 7) => Buffer.alloc(n, fill);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const png = (n: number, fill?: number) => dataUrl('image/png', bytesOf(n, fill));

interface Listed {
  name: string;
  type: string;
  size: number;
  url: string;
}
type Claim = { id: string; title: string; photos: Listed[] };

describe('a specification with a list of files', () => {
  it('checks clean', () => {
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

function expectRefused(response: LightMyRequestResponse, message: string | RegExp) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    errors: [
      { field: 'photos', code: 'VALIDATION_FAILED', message: expect.stringMatching(message) },
    ],
  });
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a list of files over HTTP', (databases) => {
    const h = useHttpHarness(databases, model, {});
    let ana: Actor;
    const create = (body: Record<string, unknown>) =>
      h.send({ method: 'POST', url: h.call('create', 'Claim')!.path, body, actor: ana });
    const update = (id: string, body: Record<string, unknown>) =>
      h.send({ method: 'PATCH', url: h.path(h.call('update', 'Claim')!, id), body, actor: ana });
    const made = async (photos: unknown[], title = 'Lunch'): Promise<Claim> => {
      const response = await create({ title, photos });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Claim>();
    };
    const count = async () => {
      const response = await h.send({ url: h.call('list', 'Claim')!.path, actor: ana });
      return response.json<{ items: unknown[] }>().items.length;
    };

    it('stores several files, answers each with its own address, and serves each', async () => {
      ana = await h.actor();
      const first = bytesOf(10, 1);
      const claim = await made([
        dataUrl('image/png', first),
        { name: 'scan.pdf', data: dataUrl('application/pdf', bytesOf(20, 2)) },
      ]);
      expect(claim.photos).toEqual([
        { name: 'photos.png', type: 'image/png', size: 10, url: expect.any(String) },
        { name: 'scan.pdf', type: 'application/pdf', size: 20, url: expect.any(String) },
      ]);
      const [a, b] = claim.photos;
      expect(a!.url).toMatch(new RegExp(`^/api/_files/Claim/${claim.id}/photos/[^/]+$`));
      expect(a!.url).not.toBe(b!.url);
      const served = await h.send({ url: a!.url, actor: ana });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(first)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      const pdf = await h.send({ url: b!.url, actor: ana });
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="scan.pdf"/);
      const list = await h.send({ url: h.call('list', 'Claim')!.path, actor: ana });
      expect(list.json<{ items: Claim[] }>().items.find((c) => c.id === claim.id)?.photos).toEqual(
        claim.photos,
      );
      const bare = await create({ title: 'Taxi' });
      expect(bare.json<Claim>().photos).toEqual([]);
    });

    it('refuses a file of another kind, a larger one, too many, and what is not a list, writing nothing', async () => {
      const before = await count();
      expectRefused(
        await create({ title: 'Svg', photos: [png(5), dataUrl('image/svg+xml', bytesOf(5))] }),
        /must each be an image or a PDF/,
      );
      expectRefused(
        await create({ title: 'Big', photos: [png(1025)] }),
        /must each be at most 1 KB/,
      );
      expectRefused(
        await create({ title: 'Many', photos: [png(1), png(1), png(1), png(1)] }),
        /must have at most 3 files/,
      );
      expectRefused(await create({ title: 'One', photos: png(1) }), /must be a list of files/);
      expectRefused(await create({ title: 'Bad', photos: ['receipt.png'] }), /^Photos file 1 /);
      expect(await count()).toBe(before);
    });

    it('keeps the stored files sent back, removes those left out and adds the new ones', async () => {
      const claim = await made([png(1, 1), png(2, 2)]);
      const [keep, drop] = claim.photos;
      const changed = await update(claim.id, { photos: [keep, png(3, 3)] });
      expect(changed.statusCode, changed.body).toBe(200);
      const photos = changed.json<Claim>().photos;
      expect(photos).toHaveLength(2);
      expect(photos[0]).toEqual(keep);
      expect(photos[1]).toMatchObject({ size: 3 });
      expect((await h.send({ url: keep!.url, actor: ana })).statusCode).toBe(200);
      expect((await h.send({ url: drop!.url, actor: ana })).statusCode).toBe(404);
      const served = await h.send({ url: photos[1]!.url, actor: ana });
      expect(served.rawPayload.equals(bytesOf(3, 3))).toBe(true);
      const emptied = await update(claim.id, { photos: [] });
      expect(emptied.json<Claim>().photos).toEqual([]);
      expect((await h.send({ url: keep!.url, actor: ana })).statusCode).toBe(404);
    });

    it('refuses to keep a file the record does not hold, on create and on update', async () => {
      const other = await made([png(1)]);
      const claim = await made([png(1)]);
      const foreign = other.photos[0]!;
      expectRefused(await create({ title: 'Copy', photos: [foreign] }), /does not hold/);
      expectRefused(
        await update(claim.id, { photos: [claim.photos[0], foreign] }),
        /does not hold/,
      );
      expectRefused(
        await update(claim.id, { photos: [claim.photos[0], claim.photos[0]] }),
        /same stored file twice/,
      );
      const stored = await h.send({ url: h.path(h.call('get', 'Claim')!, claim.id), actor: ana });
      expect(stored.json<Claim>().photos).toEqual(claim.photos);
    });

    it('counts the files in a rule of section 5', async () => {
      const refused = await create({ title: 'solo', photos: [png(1), png(1)] });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(problemOf(refused).code).toBe('ONE_PHOTO');
      const solo = await made([png(1)], 'solo');
      const more = await update(solo.id, { photos: [...solo.photos, png(1)] });
      expect(problemOf(more).code).toBe('ONE_PHOTO');
    });

    it('answers 404 for a file address that names no file of the list', async () => {
      const claim = await made([png(1)]);
      const base = `/api/_files/Claim/${claim.id}`;
      for (const url of [
        `${base}/photos`,
        `${base}/photos/00000000-0000-7000-8000-000000000000`,
        `${base}/title/${claim.photos[0]!.url.split('/').pop()}`,
      ])
        expect((await h.send({ url, actor: ana })).statusCode, url).toBe(404);
    });

    it('refuses to filter or sort a list by its files, as a bad request', async () => {
      const list = h.call('list', 'Claim')!.path;
      for (const query of [
        'photos=',
        'photos=x',
        'sort=photos',
        'filter=size(record.photos) > 0',
      ]) {
        const response = await h.send({ url: `${list}?${query}`, actor: ana });
        expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      }
    });

    it('describes the list and its rules in the OpenAPI document', async () => {
      const response = await h.send({ url: '/openapi.json' });
      expect(response.body).toContain('Each file must be an image or a PDF.');
      expect(response.body).toContain('Each file at most 1 KB (1024 bytes).');
      const document = response.json<OpenApiDocument>();
      expect(document.paths).toHaveProperty(['/api/_files/{entity}/{id}/{field}/{file}']);
    });

    it('takes and answers lists of files as the OpenAPI document says', async () => {
      const document = (await h.send({ url: '/openapi.json' })).json<OpenApiDocument>();
      const fits = (schema: JsonSchema, value: unknown) =>
        schemaMismatches(document, schema, value);
      const created = operationOf(document, h.call('create', 'Claim')!);
      const updated = operationOf(document, h.call('update', 'Claim')!);
      const body = { title: 'Fits', photos: [png(2), { name: 'a.pdf', data: png(3) }] };
      expect(fits(requestSchema(created), body)).toEqual([]);
      const claim = await made(body.photos, body.title);
      expect(fits(answerSchema(created, '201'), claim)).toEqual([]);
      // What a client read, sent back with a new file: the stored one is kept by its address.
      const again = { photos: [claim.photos[1], png(4)] };
      expect(fits(requestSchema(updated), again)).toEqual([]);
      const changed = await update(claim.id, again);
      expect(fits(answerSchema(updated, '200'), changed.json())).toEqual([]);
      const tooMany = { photos: [png(1), png(1), png(1), png(1)] };
      expect(fits(requestSchema(updated), tooMany)).not.toEqual([]);
    });
  });

  describeDialect(dialect, 'a list of files the caller may not read', (databases) => {
    const h = useHttpHarness(
      databases,
      model,
      {},
      restrictedPolicy({ hidden: { Claim: ['photos'] } }),
    );

    it('is neither answered nor served', async () => {
      const actor = await h.actor();
      const response = await h.send({
        method: 'POST',
        url: h.call('create', 'Claim')!.path,
        body: { title: 'Hidden', photos: [png(1)] },
        actor,
      });
      expect(response.statusCode, response.body).toBe(201);
      const claim = response.json<Record<string, unknown>>();
      expect(claim).not.toHaveProperty('photos');
      const stored = await h.stored('Claim', claim.id as string);
      const [file] = stored?.photos as Listed[];
      expect(file).toMatchObject({ size: 1 });
      expect((await h.send({ url: file!.url, actor })).statusCode).toBe(404);
    });
  });

  describeDialect(dialect, 'a list of files set by a transition', (databases) => {
    const h = useHttpHarness(databases, parseSpec(SENT).model!, {});

    it('keeps, adds and checks the files of the input, and keeps no bytes in the history', async () => {
      const ana = await h.actor();
      const made = await h.send({
        method: 'POST',
        url: h.call('create', 'Claim')!.path,
        body: { title: 'Trip', photos: [png(1, 1), png(2, 2)] },
        actor: ana,
      });
      const claim = made.json<Claim>();
      const send = (photos: unknown[]) =>
        h.send({
          method: 'POST',
          url: `/api/claims/${claim.id}/send`,
          body: { photos },
          actor: ana,
        });
      expectRefused(await send([dataUrl('application/pdf', bytesOf(2))]), /must each be an image/);
      const sent = await send([claim.photos[1], png(300, 9)]);
      expect(sent.statusCode, sent.body).toBe(200);
      const photos = sent.json<Claim>().photos;
      expect(photos[0]).toEqual(claim.photos[1]);
      expect(photos[1]).toMatchObject({ size: 300 });
      expect((await h.send({ url: claim.photos[0]!.url, actor: ana })).statusCode).toBe(404);
      const history = await h.send({ url: `/api/claims/${claim.id}/history`, actor: ana });
      expect(history.statusCode, history.body).toBe(200);
      expect(history.body).toContain('"size":300');
      expect(history.body).not.toContain(bytesOf(300, 9).toString('base64').slice(0, 40));
    });
  });

  describeDialect(dialect, 'a list of files added to a database in use', (databases) => {
    it('migrates, answers the records it finds with no files, and takes files for them', async () => {
      const store = await databases.open();
      try {
        const before = parseSpec(SPEC.replace(/^\| photos .*$/m, '')).model!;
        expect((await migrate(store, before)).status).toBe('applied');
        const old = resolveTables(store.db, store.dialect, deriveTables(before)).get('Claim')!;
        const { id } = await insertRecord(store.db, old, { title: 'Old' });
        expect((await migrate(store, model)).status).toBe('applied');
        const claims = resolveTables(store.db, store.dialect, deriveTables(model)).get('Claim')!;
        const found = await getRecord(store.db, claims, id as string);
        expect(found?.photos).toEqual([]);
        const changed = await updateRecord(store.db, claims, id as string, 1, {
          photos: [png(4)],
        });
        expect(changed?.photos).toEqual([expect.objectContaining({ size: 4 })]);
      } finally {
        await store.close();
      }
    });
  });
}
