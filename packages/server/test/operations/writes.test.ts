import { words } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { expectCode } from './support/expect-code.js';
import { EXAMPLES } from './support/examples.js';
import { settable } from './support/field-cases.js';
import { useHarness } from './support/harness.js';
import { badValues } from './support/sample-values.js';
import { referrer, snapshot } from './support/snapshot.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'writes', (databases) => {
    for (const example of EXAMPLES) {
      describe(example.name, () => {
        const h = useHarness(databases, example.model, example.overrides);

        for (const entity of example.model.entities) {
          const ops = () => h.ops(entity.name);

          it(`updates a ${entity.name} at its version and answers CONFLICT when stale`, async () => {
            const actor = await h.actor();
            const record = await h.make(entity.name, actor);
            const id = record.id as string;
            const updated = await ops().updateRecord(h.ctx(actor), id, {}, 1);
            expect(updated.version).toBe(2);
            const f = entity.fields.find((x) => settable(entity, x) && badValues(x).length > 0);
            if (f) {
              const bad = { [f.name]: badValues(f)[0] };
              await expectCode(
                ops().updateRecord(h.ctx(actor), id, bad, 2),
                'VALIDATION_FAILED',
                f.name,
              );
            }
            await expectCode(ops().updateRecord(h.ctx(actor), id, {}, 1), 'CONFLICT');
            await expectCode(ops().deleteRecord(h.ctx(actor), id, 1), 'CONFLICT');
            expect(await ops().getRecord(h.ctx(actor), id)).toEqual(updated);
          });

          it(`leaves the database unchanged when a ${entity.name} write fails`, async () => {
            const actor = await h.actor();
            const stored = await h.make(entity.name, actor);
            const body = { ...(await h.validBody(entity.name, actor)), noSuchField: true };
            const before = await snapshot(h);
            await expectCode(ops().createRecord(h.ctx(actor), body), 'BAD_REQUEST');
            const valid: Record<string, unknown> = { ...body };
            delete valid.noSuchField;
            const denied = {
              ...h.ctx(actor),
              policy: { ...allowAllPolicy(h.model), canCreate: async () => false },
            };
            await expectCode(ops().createRecord(denied, valid), 'FORBIDDEN');
            const anonymous = { ...denied, actor: null };
            await expectCode(ops().createRecord(anonymous, valid), 'UNAUTHENTICATED');
            const id = stored.id as string;
            let calls = 0;
            // Allowed on the stored record, refused on the record as it would be saved.
            const canUpdate = async () => ++calls === 1;
            const refusing = { ...h.ctx(actor), policy: { ...allowAllPolicy(h.model), canUpdate } };
            await expectCode(ops().updateRecord(refusing, id, {}, 1), 'FORBIDDEN');
            expect(await snapshot(h)).toEqual(before);
            expect(await ops().getRecord(h.ctx(actor), id)).toEqual(stored);
          });

          it(`hides a ${entity.name} the caller may not read, and its unreadable fields`, async () => {
            const actor = await h.actor();
            const { id } = await h.make(entity.name, actor);
            const policy = allowAllPolicy(h.model);
            const blind = {
              ...h.ctx(actor),
              policy: { ...policy, canReadRecord: async () => false },
            };
            await expectCode(ops().getRecord(blind, id as string), 'NOT_FOUND');
            await expectCode(ops().deleteRecord(blind, id as string), 'NOT_FOUND');
            const narrow = {
              ...h.ctx(actor),
              policy: { ...policy, readableFields: () => new Set(['version']) },
            };
            expect(await ops().getRecord(narrow, id as string)).toEqual({ id, version: 1 });
            const none = {
              ...h.ctx(actor),
              policy: { ...policy, listCondition: () => ({ kind: 'deny' as const }) },
            };
            await expectCode(ops().listRecords(none), 'FORBIDDEN');
            const page = await ops().listRecords(h.ctx(actor), { equals: { id }, limit: 5 });
            expect(page.records.map((r) => r.id)).toEqual([id]);
          });

          const ref = () => referrer(h, entity.name);
          it(`refuses to delete a ${entity.name} while another record refers to it`, async () => {
            const actor = await h.actor();
            const found = ref();
            if (!found) {
              const { id } = await h.make(entity.name, actor);
              await ops().deleteRecord(h.ctx(actor), id as string, 1);
              await expectCode(ops().getRecord(h.ctx(actor), id as string), 'NOT_FOUND');
              return;
            }
            const owner = await h.make(found.owner, actor);
            const value = owner[found.field];
            const target = (found.list ? (value as string[])[0] : value) as string;
            const before = await snapshot(h);
            const error = await expectCode(ops().deleteRecord(h.ctx(actor), target), 'IN_USE');
            expect(error.detail).toContain(words(found.owner));
            expect(await snapshot(h)).toEqual(before);
          });
        }
      });
    }
  });
}
