import { words } from '@specrun/model';
import { afterAll, describe, expect, it } from 'vitest';
import { appendHistory, deriveTables, resolveTables, type Actor } from '../../src/index.js';
import { checked, countCase, expectCode } from '../operations/support/expect-code.js';
import { EXAMPLES } from '../operations/support/examples.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { ACCOUNT_PASSWORD, useHttpHarness, type HttpHarness } from './support/http-harness.js';
import { referredRecord, referringFields } from './support/referrers.js';
import {
  equalityField,
  filledReference,
  queryText,
  updateChange,
} from './support/record-samples.js';
import { envelop, payloadFields, unenvelop } from './support/wire-shapes.js';

type Body = Record<string, unknown>;

/** Every page of a list, following nextCursor (or the Link header of a bare array) to the end. */
async function allPages(h: HttpHarness, entity: string, query: string) {
  const list = h.call('list', entity)!;
  const ids: string[] = [];
  const pages: Body[][] = [];
  let url: string | undefined = `${list.path}?${query}`;
  while (url) {
    const response = await h.send({ url });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Body;
    const items = (list.response ? unenvelop(list.response, body) : body.items) as Body[];
    pages.push(items);
    ids.push(...items.map((r) => r.id as string));
    const next = Array.isArray(body) ? undefined : (body.nextCursor as string | undefined);
    url = next ? `${list.path}?${query}&cursor=${encodeURIComponent(next)}` : undefined;
    expect(pages.length, 'pages end').toBeLessThan(100);
  }
  return { ids, pages };
}

/**
 * A new record of an entity as `actor` made it: through its create call, or for a User without
 * one (accounts are made by signing up, which is not this suite's subject) the actor itself.
 */
async function aRecord(h: HttpHarness, entity: string, actor: Actor): Promise<Body> {
  if (h.call('create', entity) || entity !== 'User') return h.make(entity, actor);
  return (await h.stored('User', actor.id))!;
}

/** A file sent is answered as its name, type, size and address, which serves its very bytes. */
async function expectFileServed(h: HttpHarness, actor: Actor, sent: unknown, answered: unknown) {
  const { name, data } = sent as { name: string; data: string };
  const bytes = Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
  const type = data.slice(5, data.indexOf(';'));
  expect(answered).toEqual({ name, type, size: bytes.length, url: expect.any(String) });
  const served = await h.send({ url: (answered as { url: string }).url, actor });
  expect(served.statusCode, served.body).toBe(200);
  expect(served.headers['content-type']).toBe(type);
  expect(served.rawPayload.equals(bytes)).toBe(true);
}

async function made(h: HttpHarness, entity: string, n: number): Promise<Body[]> {
  const records: Body[] = [];
  // A fresh user each time: per-user limits of section 5 (open tickets, loans) stay out of the way.
  for (let i = 0; i < n; i++) records.push(await aRecord(h, entity, await h.actor()));
  return records;
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the HTTP API of every example', (databases) => {
    afterAll(() =>
      console.log(
        `section 5 rules failing over HTTP on ${dialect}: ${checked[dialect]?.rules ?? 0}`,
      ),
    );

    for (const example of EXAMPLES) {
      describe(example.name, () => {
        const h = useHttpHarness(databases, example.model, example.overrides);

        for (const entity of example.model.entities) {
          const name = entity.name;
          const create = h.call('create', name);
          const list = h.call('list', name);
          const get = h.call('get', name);
          const update = h.call('update', name);
          const remove = h.call('delete', name);
          const history = h.call('history', name);

          describe(name, () => {
            it.runIf(create && get)(
              'creates a record: 201, Location, ETag, read back',
              async () => {
                const actor = await h.actor();
                const fields = await h.validBody(name, actor);
                const takes = payloadFields(create!.payload);
                for (const key of Object.keys(fields))
                  if (takes && !takes.has(key)) delete fields[key];
                const password = name === 'User' ? { password: ACCOUNT_PASSWORD } : {};
                const body = envelop(create!.payload, { ...fields, ...password });
                const response = await h.send({ method: 'POST', url: create!.path, actor, body });
                expect(response.statusCode, response.body).toBe(201);
                const record = unenvelop(create!.response, response.json()) as Body;
                expect(response.headers.location).toBe(h.path(get!, record.id as string));
                expect(response.headers.etag).toBe('"1"');
                expect(response.headers['cache-control']).toBe('private, no-store');
                expect(response.json()).not.toHaveProperty('password');
                for (const [key, value] of Object.entries(fields)) {
                  if (entity.fields.find((f) => f.name === key)?.type.kind !== 'file')
                    expect(record[key], key).toEqual(value);
                  else await expectFileServed(h, actor, value, record[key]);
                }
                const read = await h.send({ url: response.headers.location!, actor });
                expect(read.statusCode).toBe(200);
                expect(read.headers.etag).toBe('"1"');
                expect(read.headers.vary).toMatch(/cookie/i);
                expect(unenvelop(get!.response, read.json())).toEqual(record);
              },
            );

            it.runIf(list)(
              'lists every record once, page by page, with filters and sorts',
              async () => {
                if (create) await made(h, name, 5);
                else for (let i = 0; i < 5 && name === 'User'; i++) await h.actor();
                const total = await h.count(name);
                expect(total).toBeGreaterThan(0);
                const { ids, pages } = await allPages(h, name, 'limit=2');
                expect(new Set(ids).size, 'no record twice').toBe(ids.length);
                expect(ids.length, 'no record missing').toBe(total);
                expect(pages.every((p) => p.length <= 2)).toBe(true);
                // Default order: newest first.
                const { pages: sorted } = await allPages(h, name, 'sort=createdAt,id&limit=3');
                const times = sorted.flat().map((r) => `${String(r.createdAt)} ${String(r.id)}`);
                expect(times).toEqual([...times].sort());
                const first = await h.send({ url: list!.path });
                const counted = first.json() as Body;
                if (list!.response && 'count' in counted) expect(counted.count).toBe(total);
              },
            );

            const makeable = create !== undefined || name === 'User';
            it.runIf(list && makeable)(
              'filters with filter= and field=value, and includes references',
              async () => {
                const [record] = await made(h, name, 1);
                const id = record!.id as string;
                const byId = encodeURIComponent(`record.id == "${id}"`);
                const { ids } = await allPages(h, name, `filter=${byId}`);
                expect(ids).toEqual([id]);
                const field = equalityField(entity, record!);
                if (field) {
                  const value = record![field.name];
                  const q = `${field.name}=${encodeURIComponent(queryText(value))}`;
                  const { pages } = await allPages(h, name, q);
                  const found = pages.flat();
                  expect(found.map((r) => r.id)).toContain(id);
                  for (const r of found) expect(r[field.name]).toEqual(value);
                }
                const reference = filledReference(entity, record!);
                if (reference) {
                  const q = `filter=${byId}&include=${reference.name}`;
                  const [item] = (await allPages(h, name, q)).pages.flat();
                  const value = record![reference.name];
                  const expanded = item![reference.name];
                  if (Array.isArray(value))
                    expect((expanded as Body[]).map((r) => r.id)).toEqual(value);
                  else expect((expanded as Body).id).toBe(value);
                }
              },
            );

            it.runIf(update && makeable && get)(
              'updates with If-Match, and answers a stale one 412',
              async () => {
                const actor = await h.actor();
                const record = await aRecord(h, name, actor);
                const takes = payloadFields(update!.payload);
                const change = updateChange(entity, record, (n) => !takes || takes.has(n));
                expect(change, 'a field to change').toBeDefined();
                const url = h.path(update!, record.id as string);
                const body = envelop(update!.payload, change!);
                const etag = `"${String(record.version)}"`;
                const ok = await h.send({
                  method: update!.method,
                  url,
                  actor,
                  body,
                  headers: { 'if-match': etag },
                });
                expect(ok.statusCode, ok.body).toBe(200);
                const updated = unenvelop(update!.response, ok.json()) as Body;
                expect(updated.version).toBe((record.version as number) + 1);
                expect(ok.headers.etag).toBe(`"${(record.version as number) + 1}"`);
                for (const [key, value] of Object.entries(change!))
                  expect(updated[key]).toEqual(value);
                const stale = await h.send({
                  method: update!.method,
                  url,
                  actor,
                  body,
                  headers: { 'if-match': etag },
                });
                expect(stale.statusCode).toBe(412);
                expect(stale.json().code).toBe('CONFLICT');
                const stored = await h.stored(name, record.id as string);
                expect(stored!.version).toBe(updated.version);
                const unconditional = await h.send({ method: update!.method, url, actor, body });
                expect(unconditional.statusCode, unconditional.body).toBe(200);
              },
            );

            it.runIf(remove && create)(
              'deletes: a stale If-Match is 412, then 204 and gone',
              async () => {
                const actor = await h.actor();
                const record = await h.make(name, actor);
                const url = h.path(remove!, record.id as string);
                const stale = await h.send({
                  method: 'DELETE',
                  url,
                  actor,
                  headers: { 'if-match': '"99"' },
                });
                expect(stale.statusCode).toBe(412);
                const gone = await h.send({
                  method: 'DELETE',
                  url,
                  actor,
                  headers: { 'if-match': '"1"' },
                });
                expect(gone.statusCode, gone.body).toBe(204);
                expect(await h.stored(name, record.id as string)).toBeUndefined();
                expect((await h.send({ url: h.path(get!, record.id as string) })).statusCode).toBe(
                  404,
                );
                expect((await h.send({ method: 'DELETE', url })).statusCode).toBe(404);
              },
            );

            const referrers = referringFields(example.model, name).filter((r) =>
              h.call('create', r.owner),
            );
            it.runIf(remove && referrers.length > 0)(
              'refuses to delete a record others refer to, naming them',
              async () => {
                const actor = await h.actor();
                const [owner, id] = await referredRecord(h, referrers, actor);
                const response = await h.send({
                  method: 'DELETE',
                  url: h.path(remove!, id),
                  actor,
                });
                expect(response.statusCode).toBe(409);
                expect(response.json().code).toBe('IN_USE');
                expect(response.json().detail).toContain(words(owner));
                expect(await h.stored(name, id)).toBeDefined();
              },
            );

            it.runIf(history && create)('answers a record history page by page', async () => {
              const actor = await h.actor();
              const record = await h.make(name, actor);
              const id = record.id as string;
              const store = h.store();
              const table = resolveTables(store.db, store.dialect, deriveTables(example.model)).get(
                name,
              )!;
              for (let i = 0; i < 5; i++)
                await appendHistory(store.db, table, {
                  recordId: id,
                  action: `step${i}`,
                  byUser: actor.id,
                  at: new Date(Date.UTC(2024, 0, 1, 0, 0, i)),
                });
              const seen: string[] = [];
              let cursor: string | undefined;
              do {
                const query = `limit=2${cursor ? `&cursor=${cursor}` : ''}`;
                const response = await h.send({ url: `${h.path(history!, id)}?${query}`, actor });
                expect(response.statusCode, response.body).toBe(200);
                const page = response.json() as {
                  items: { action: string }[];
                  nextCursor?: string;
                };
                seen.push(...page.items.map((e) => e.action));
                cursor = page.nextCursor;
              } while (cursor);
              expect(seen).toEqual(['step0', 'step1', 'step2', 'step3', 'step4']);
              const missing = h.path(history!, '00000000-0000-7000-8000-000000000000');
              expect((await h.send({ url: missing, actor })).statusCode).toBe(404);
            });
          });
        }

        it('has a failing case for every section 5 rule', () => {
          const codes = example.model.rules.map((r) => r.error).sort();
          expect(example.rules.map((r) => r.code).sort()).toEqual(codes);
        });

        for (const rule of example.rules) {
          it(`answers ${rule.code} over HTTP when its rule fails`, async () => {
            const error = await expectCode(rule.run(h), rule.code, rule.field);
            expect(error.errors).toHaveLength(1);
            countCase(dialect, 'rules');
          }, 30_000);
        }
      });
    }
  });
}
