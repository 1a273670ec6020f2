import { ENGINE_ERRORS, fieldLabel } from '@specrun/model';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { checked, countCase, expectCode } from './support/expect-code.js';
import { EXAMPLES } from './support/examples.js';
import { fieldCases, settable } from './support/field-cases.js';
import { useHarness } from './support/harness.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'field checks', (databases) => {
    afterAll(() =>
      console.log(`field cases checked on ${dialect}: ${checked[dialect]?.fields ?? 0}`),
    );

    for (const example of EXAMPLES) {
      describe(example.name, () => {
        const h = useHarness(databases, example.model, example.overrides);

        for (const entity of example.model.entities) {
          it(`creates a ${entity.name} from valid data`, async () => {
            const actor = await h.actor();
            const record = await h.make(entity.name, actor);
            expect(record).toMatchObject({ version: 1, createdBy: actor.id });
            expect(await h.ops(entity.name).getRecord(h.ctx(actor), record.id as string)).toEqual(
              record,
            );
          });

          it(`refuses unknown, prototype and engine-set fields of ${entity.name} with BAD_REQUEST`, async () => {
            const actor = await h.actor();
            const valid = await h.validBody(entity.name, actor);
            const create = (body: unknown) => h.ops(entity.name).createRecord(h.ctx(actor), body);
            await expectCode(create({ ...valid, noSuchField: 1 }), 'BAD_REQUEST', 'noSuchField');
            const proto = JSON.parse(`{"__proto__": {"admin": true}}`) as object;
            await expectCode(create({ ...valid, ...proto }), 'BAD_REQUEST', '__proto__');
            await expectCode(create({ ...valid, constructor: 'x' }), 'BAD_REQUEST', 'constructor');
            await expectCode(create([valid]), 'BAD_REQUEST');
            for (const f of entity.fields.filter((x) => !settable(entity, x))) {
              await expectCode(create({ ...valid, [f.name]: null }), 'BAD_REQUEST', f.name);
              countCase(dialect, 'fields');
            }
          });

          it(`answers VALIDATION_FAILED (ALREADY_TAKEN for a clash alone) on the field for every bad value of ${entity.name}`, async () => {
            for (const c of fieldCases(entity)) {
              // A fresh user per case keeps per-user limits (count() rules) out of the way.
              const actor = await h.actor();
              const valid = await h.validBody(entity.name, actor);
              const body = await c.body(valid, h);
              const error = await expectCode(
                h.ops(entity.name).createRecord(h.ctx(actor), body),
                c.code ?? 'VALIDATION_FAILED',
                c.field,
              ).catch((e: Error) => {
                throw new Error(`${entity.name} ${c.name}: ${e.message}`);
              });
              // Said after the field's label, in words: never the catalogue's generic message.
              const item = error.errors?.find((e) => e.field === c.field);
              expect(item?.message.startsWith(`${fieldLabel(c.field)} `), item?.message).toBe(true);
              expect(item?.message).toMatch(/\.$/);
              expect(item?.message).not.toContain(ENGINE_ERRORS.VALIDATION_FAILED.message);
              countCase(dialect, 'fields');
            }
          }, 60_000);
        }
      });
    }
  });
}
